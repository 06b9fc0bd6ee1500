import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ExampleProject,
  layoutExample,
  prepareExample,
} from "../../../../bench/layout-examples.js";
import { footprintsOutsideOutline } from "../../../../engine/kicad/board/footprints-outside-outline.js";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import { clearDesign } from "../../../../engine/kicad/cli/cleared-design.js";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import { withKicadCli } from "../../../../engine/kicad/cli/run-kicad-cli.js";
import { BOARD_EXPORTS, type BoardExport } from "../../../../engine/kicad/export/board-exports.js";
import type { LayoutProjectResult } from "../../../../engine/kicad/layout/layout-project.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

type ExampleName = Parameters<typeof prepareExample>[0];

/** One draft and layout per example, shared by the tests that only read it (kicad-cli is slow). */
const shared = new Map<ExampleName, ReturnType<typeof laidOut>>();
function laidOutOnce(name: ExampleName) {
  let done = shared.get(name);
  if (!done) {
    done = laidOut(name);
    shared.set(name, done);
  }
  return done;
}

async function laidOut(name: ExampleName) {
  const temp = await makeTempDir("copperhead-layout-example-");
  temps.push(temp);
  const project = await prepareExample(name, temp.dir);
  const result = await layoutExample(project);
  if (!result.ok) throw new Error(`${name}: ${result.findings.map((f) => f.detail).join("; ")}`);
  return { project, result };
}

/** Courtyard boxes of the written board overlap nowhere (touching is fine). */
function overlaps(
  boxes: { ref: string; box: { minX: number; minY: number; maxX: number; maxY: number } }[],
) {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.box;
      const b = boxes[j]!.box;
      if (
        a.minX < b.maxX - 1e-6 &&
        b.minX < a.maxX - 1e-6 &&
        a.minY < b.maxY - 1e-6 &&
        b.minY < a.maxY - 1e-6
      )
        out.push(`${boxes[i]!.ref}/${boxes[j]!.ref}`);
    }
  return out;
}

describe.each(["usb-c-breakout", "mcu-opamp-board"] as const)(
  "the %s example, drafted, placed and routed",
  (name) => {
    let project: ExampleProject;
    let result: Extract<LayoutProjectResult, { ok: true }>;
    beforeAll(async () => {
      ({ project, result } = (await laidOutOnce(name)) as {
        project: ExampleProject;
        result: Extract<LayoutProjectResult, { ok: true }>;
      });
    });

    it("is 100 % routed on two layers and kicad-cli DRC at every severity, with schematic parity, finds nothing: no violation, no unconnected item", async () => {
      const routing = result.report.routing!;
      expect(routing.unrouted).toEqual([]);
      expect(routing.share).toBe(1);
      expect(routing.length / routing.mst).toBeLessThanOrEqual(1.5);
      const report = await drc(project.board, { schematicParity: true });
      expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
      expect(report.parity.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
      expect(report.unconnected.map((v) => v.description)).toEqual([]);
    });

    it("exports gerbers of the routed board (both copper layers with tracks)", async () => {
      const cleared = (await clearDesign({ board: project.board })).cleared;
      const files = await withKicadCli(
        cleared,
        (work) => (BOARD_EXPORTS[0] as BoardExport).args(work.out("gerbers"), project.board, name),
        async (run, work) => {
          expect(run.rc, run.stderr).toBe(0);
          const names = (await readdir(work.out("gerbers"))).sort();
          const back = names.find((n) => n.endsWith("-B_Cu.gbl"));
          const text = back ? await readFile(join(work.out("gerbers"), back), "utf8") : "";
          return { names, backDraws: (text.match(/D01\*/g) ?? []).length };
        },
      );
      expect(files.names).toEqual(
        expect.arrayContaining([`${name}-F_Cu.gtl`, `${name}-B_Cu.gbl`, `${name}-Edge_Cuts.gm1`]),
      );
      expect(files.backDraws).toBeGreaterThan(0);
    });

    it("puts every schematic part on the board, courtyards apart, inside the outline, connectors on their edges", async () => {
      const board = await loadBoard(project.board);
      const refs = board.footprints.map((f) => f.reference).filter((r) => !r.startsWith("H"));
      expect(refs.length).toBe(result.report.parts);
      expect(footprintsOutsideOutline(board.outline, board.footprints)).toEqual([]);
      expect(
        overlaps(board.footprints.map((f) => ({ ref: f.reference, box: f.courtyard.box! }))),
      ).toEqual([]);
      const constraints = JSON.parse(
        await readFile(join(project.repo, ".copperhead/constraints.json"), "utf8"),
      );
      const declared = constraints.constraints.filter((c: { key: string }) =>
        c.key.startsWith("board.edge."),
      );
      expect(declared.length).toBeGreaterThan(0);
      for (const c of declared as { key: string; value: string }[]) {
        const ref = c.key.slice("board.edge.".length);
        expect(result.report.connectors.find((k) => k.ref === ref)).toEqual({
          ref,
          edge: c.value,
          declared: true,
        });
        const box = board.footprints.find((f) => f.reference === ref)!.courtyard.box!;
        const edge = board.outline.box!;
        const gap = {
          left: box.minX - edge.minX,
          right: edge.maxX - box.maxX,
          top: box.minY - edge.minY,
          bottom: edge.maxY - box.maxY,
        }[c.value as "left"];
        expect(gap, `${ref} sits on the ${c.value} edge`).toBeLessThan(0.5);
      }
    });

    it("keeps every decoupling cap within 4 mm of the IC pin it serves, and every reference on the silkscreen", () => {
      for (const d of result.report.decoupling)
        expect(d.distance, `${d.cap} → ${d.ic}.${d.pin}`).toBeLessThanOrEqual(4);
      expect(result.report.references.hidden).toEqual([]);
      if (name === "mcu-opamp-board")
        expect(result.report.decoupling.length).toBeGreaterThanOrEqual(3);
    });
  },
);

describe("determinism", () => {
  it("the same schematic and constraints give the same board bytes, zone fill included, in another folder too", async () => {
    const a = await laidOutOnce("usb-c-breakout");
    const first = await readFile(a.project.board, "utf8");
    expect(first).toContain("(filled_polygon");
    const again = await layoutExample(a.project);
    expect(again.ok).toBe(true);
    expect(await readFile(a.project.board, "utf8")).toBe(first);
    const b = await laidOut("usb-c-breakout");
    expect(await readFile(b.project.board, "utf8")).toBe(first);
    for (const file of ["usb-c-breakout.kicad_pro", "fp-lib-table"])
      expect(await readFile(join(b.project.repo, "hardware", file), "utf8")).toBe(
        await readFile(join(a.project.repo, "hardware", file), "utf8"),
      );
  });
});

describe("the 150-part sensor hub", () => {
  it("is placed without overlaps inside the 85 x 65 mm board its constraints give, and reports its routed share", async () => {
    const { project, result } = await laidOut("sensor-hub");
    expect(result.report.parts).toBe(150);
    const routing = result.report.routing!;
    expect(routing.nets).toBeGreaterThan(50);
    expect(routing.routed + routing.unrouted.length).toBe(routing.nets);
    expect(routing.share).toBeCloseTo(routing.routed / routing.nets, 9);
    // Measured: every one of its 77 nets routes; a change that loses nets shows here.
    expect(routing.share).toBeGreaterThanOrEqual(0.95);
    const board = await loadBoard(project.board);
    expect(board.footprints.length).toBe(154);
    const edge = board.outline.box!;
    expect([edge.maxX - edge.minX, edge.maxY - edge.minY]).toEqual([85, 65]);
    expect(footprintsOutsideOutline(board.outline, board.footprints)).toEqual([]);
    expect(
      overlaps(board.footprints.map((f) => ({ ref: f.reference, box: f.courtyard.box! }))),
    ).toEqual([]);
  }, 300_000); // drafted, placed, routed (about 9 s of CPU) and filled
});
