import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiffReport, diffReportSchema } from "../../../engine/diff/diff-report.js";
import { exportNetlist } from "../../../engine/kicad/cli/export-netlist.js";
import { parseKicadNetlist } from "../../../engine/kicad/schematic/kicad-netlist.js";
import { DEMO_DIR } from "../../helpers/demo-corpus.js";
import { cachedNetlist } from "../../helpers/kicad-cache.js";
import { copperhead } from "./helpers/copperhead.js";
import { type DemoRepo, demoRepo } from "./helpers/demo-repo.js";
import { seeded } from "./helpers/design-files.js";
import {
  type Planted,
  plantFootprintMove,
  plantFootprintSwap,
  plantNetRename,
  plantPartRemoval,
  plantPinMove,
  plantTrackDeletion,
  plantValueChange,
} from "./helpers/plant-edits.js";

async function diffJson(repo: DemoRepo, args: string[]): Promise<DiffReport> {
  const run = await copperhead(["diff", "--json", ...args], repo.dir);
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return diffReportSchema.parse(JSON.parse(run.stdout));
}

/**
 * KiCad's own answer: every `ref.pin` → net name, from kicad-cli's netlist of the root. The
 * unedited demo's netlist (the same bytes as the repo's copy) comes from the run's shared cache.
 */
async function kicadPins(root: string, pristine = false): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const text = pristine ? await cachedNetlist(root) : await exportNetlist(root);
  for (const net of parseKicadNetlist(text).nets) {
    for (const node of net.nodes) out.set(`${node.ref}.${node.pin}`, net.name);
  }
  return out;
}

function changedPins(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after]
    .filter(([pin, net]) => before.get(pin) !== net)
    .map(([pin, net]) => `${pin}: ${before.get(pin)} → ${net}`);
}

const SCHEMATIC = {
  "a value change": plantValueChange,
  "a footprint swap": plantFootprintSwap,
  "a removed part": plantPartRemoval,
  "a pin moved to another net": plantPinMove,
  "a renamed net": plantNetRename,
};

/**
 * The planted edits through the built CLI on real git repositories of KiCad demos: the edit
 * sits in the working tree, `copperhead diff` (merge base with main vs the working tree) reports
 * it once and nothing else, and for connectivity edits kicad-cli's own netlist agrees.
 */
const ALL = Object.keys(SCHEMATIC) as (keyof typeof SCHEMATIC)[];

describe.each([
  // Two pages, a board: every edit.
  {
    demo: "pic_programmer",
    root: "pic_programmer.kicad_sch",
    board: "pic_programmer.kicad_pcb",
    edits: ALL,
    boardEdits: true,
  },
  // One sheet file used for two pages: parts there have a reference per page.
  {
    demo: "complex_hierarchy",
    root: "complex_hierarchy.kicad_sch",
    board: "complex_hierarchy.kicad_pcb",
    edits: ["a value change", "a footprint swap", "a removed part", "a renamed net"] as const,
    boardEdits: false,
  },
  // Eight pages.
  {
    demo: "video",
    root: "video.kicad_sch",
    board: "video.kicad_pcb",
    edits: ["a value change", "a pin moved to another net", "a renamed net"] as const,
    boardEdits: false,
  },
])("copperhead diff on $demo", ({ demo, root, board, edits, boardEdits }) => {
  let repo: DemoRepo;
  beforeAll(async () => {
    repo = await demoRepo(demo);
  });
  afterAll(() => repo.remove());

  for (const label of edits) {
    const plant = SCHEMATIC[label];
    it(`reports ${label} once, and nothing else`, async () => {
      const edit: Planted | undefined = await plant(repo.files, root, seeded(label.length * 7919));
      expect(edit, `no place for ${label} in ${demo}`).toBeDefined();
      const before = label.includes("net")
        ? await kicadPins(join(DEMO_DIR, demo, root), true)
        : undefined;
      await repo.write(edit!.files);
      try {
        const report = await diffJson(repo, ["--no-checks"]);
        expect(report.schematic.status).toBe("compared");
        expect(report.schematic.changes).toEqual([expect.objectContaining(edit!.expected)]);
        expect(report.board.status).toBe("unchanged");
        expect(report.board.changes).toEqual([]);
        if (before) {
          const moved = changedPins(before, await kicadPins(join(repo.dir, root)));
          if (label === "a pin moved to another net") {
            const e = edit!.expected as { ref: string; pin: string; before: string; after: string };
            expect(moved).toEqual([`${e.ref}.${e.pin}: ${e.before} → ${e.after}`]);
          } else {
            const e = edit!.expected as { before: string; after: string; pins: number };
            expect(moved.length).toBe(e.pins);
            expect(new Set(moved.map((m) => m.replace(/^[^:]+: /, "")))).toEqual(
              new Set([`${e.before} → ${e.after}`]),
            );
          }
        }
      } finally {
        await repo.write(repo.files, [edit!.file]);
      }
    });
  }

  if (boardEdits) {
    for (const [label, plant] of [
      ["a moved footprint", plantFootprintMove],
      ["a deleted track", plantTrackDeletion],
    ] as const) {
      it(`reports ${label} once, and nothing else`, async () => {
        const edit = plant(repo.files, board, seeded(label.length * 104729));
        expect(edit).toBeDefined();
        await repo.write(edit!.files);
        try {
          const report = await diffJson(repo, ["--no-checks"]);
          expect(report.schematic.status).toBe("unchanged");
          expect(report.board.changes).toEqual([expect.objectContaining(edit!.expected)]);
        } finally {
          await repo.write(repo.files, [board]);
        }
      });
    }
  }
});
