import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { diffBoard } from "../../../engine/diff/board/diff-board.js";
import { diffSchematic } from "../../../engine/diff/schematic/diff-schematic.js";
import { readBoard } from "../../../engine/kicad/board/board.js";
import { parseSexp } from "../../../engine/kicad/sexp/parse.js";
import { demoName, demoProjects } from "../../helpers/demo-corpus.js";
import { readDesign, seeded } from "./helpers/design-files.js";
import {
  hierarchyOf,
  type Planted,
  plantFootprintMove,
  plantFootprintSwap,
  plantNetRename,
  plantPartRemoval,
  plantPinMove,
  plantTrackDeletion,
  plantValueChange,
} from "./helpers/plant-edits.js";

/**
 * The whole corpus takes minutes (vme-wren's 70 MB board alone over a minute): `npm test` sweeps
 * hierarchies up to 20 sheets and boards up to 3 MB; COPPERHEAD_DIFF_SWEEP=all takes every one.
 */
const ALL = process.env.COPPERHEAD_DIFF_SWEEP === "all";
const MAX_SHEETS = ALL ? Number.POSITIVE_INFINITY : 20;
const MAX_BOARD_BYTES = ALL ? Number.POSITIVE_INFINITY : 3_000_000;

const seedOf = (name: string) => createHash("sha256").update(name).digest().readUInt32LE(0);

const SCHEMATIC_PLANTS = {
  "value change": plantValueChange,
  "footprint swap": plantFootprintSwap,
  "removed part": plantPartRemoval,
  "pin moved to another net": plantPinMove,
  "renamed net": plantNetRename,
} as const;

const projects = demoProjects().filter((p) => p.roots.length > 0 || p.boards.length > 0);
/** How many demos each kind of edit was planted in: every kind must have been tried widely. */
const planted = new Map<string, number>();
const count = (label: string) => planted.set(label, (planted.get(label) ?? 0) + 1);

/**
 * Every KiCad demo, each kind of planted edit at a seeded-random place the edit applies to:
 * the diff reports that one change and nothing else. Pure (no git, no kicad-cli); the CLI
 * tests run the same plants through the built command and kicad-cli's own netlist.
 */
describe("planted edits across the KiCad demos", () => {
  const cases = projects.flatMap((project) =>
    project.roots.map((root) => ({
      project,
      root: relative(project.dir, root).split("\\").join("/"),
    })),
  );
  it.each(cases.map((c) => [demoName(c.project.dir) + ":" + c.root, c] as const))(
    "%s: each schematic edit is reported once, and nothing else",
    async (_name, { project, root }) => {
      const files = readDesign(project.dir);
      const before = await hierarchyOf(files, root);
      if (before.instances.length > MAX_SHEETS) return;
      for (const [label, plant] of Object.entries(SCHEMATIC_PLANTS)) {
        const edit: Planted | undefined = await plant(
          files,
          root,
          seeded(seedOf(`${root}:${label}`)),
        );
        if (!edit) continue;
        count(label);
        const report = diffSchematic(before, await hierarchyOf(edit.files, root));
        expect(report.changes, `${label} in ${edit.file}`).toEqual([
          expect.objectContaining(edit.expected),
        ]);
      }
    },
  );

  // The one demo board KiCad itself cannot load (data after the root list) is left out.
  const boards = projects.flatMap((project) =>
    project.boards
      .filter(
        (board) =>
          !board.endsWith("RoyalBlue54L-Feather.kicad_pcb") &&
          statSync(board).size <= MAX_BOARD_BYTES,
      )
      .map((board) => ({ project, board })),
  );
  it.each(boards.map((c) => [demoName(c.board), c] as const))(
    "%s: a moved footprint and a deleted track are each reported once",
    async (_name, { project, board }) => {
      const path = relative(project.dir, board).split("\\").join("/");
      const files = readDesign(project.dir);
      const view = readBoard(parseSexp(files.get(path)!, { file: path }));
      for (const plant of [plantFootprintMove, plantTrackDeletion]) {
        const edit = plant(files, path, seeded(seedOf(`${path}:${plant.name}`)));
        if (!edit) continue;
        count(plant.name);
        const after = readBoard(parseSexp(edit.files.get(path)!, { file: path }));
        const report = diffBoard(view, after);
        expect(report.changes, plant.name).toEqual([expect.objectContaining(edit.expected)]);
      }
    },
  );

  it("planted every kind of edit in many demos", () => {
    expect(Object.fromEntries(planted)).toEqual({
      "value change": expect.toSatisfy((n: number) => n >= 25),
      "footprint swap": expect.toSatisfy((n: number) => n >= 25),
      "removed part": expect.toSatisfy((n: number) => n >= 25),
      "pin moved to another net": expect.toSatisfy((n: number) => n >= 5),
      "renamed net": expect.toSatisfy((n: number) => n >= 5),
      plantFootprintMove: expect.toSatisfy((n: number) => n >= 10),
      plantTrackDeletion: expect.toSatisfy((n: number) => n >= 8),
    });
  });
});
