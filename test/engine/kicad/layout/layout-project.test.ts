import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bareLayoutPart } from "../../../../bench/layout-synthetic.js";
import { readBoard } from "../../../../engine/kicad/board/board.js";
import { loadBoard } from "../../../../engine/kicad/board/load-board.js";
import type { BoardModel } from "../../../../engine/kicad/board/write/board-model.js";
import { boardText } from "../../../../engine/kicad/board/write/board-tree.js";
import { type DrcResult, drc } from "../../../../engine/kicad/cli/drc.js";
import type { Point } from "../../../../engine/kicad/geometry/point.js";
import { boardSpec } from "../../../../engine/kicad/layout/inputs/board-spec.js";
import { layoutConfigSchema } from "../../../../engine/kicad/layout/inputs/layout-config.js";
import { layoutBoard } from "../../../../engine/kicad/layout/layout-board.js";
import type { LayoutInput, LayoutNet } from "../../../../engine/kicad/layout/layout-input.js";
import { writeLayout } from "../../../../engine/kicad/layout/layout-project.js";
import { FootprintCatalog } from "../../../../engine/kicad/layout/library/footprint-catalog.js";
import { trustScopeFor } from "../../../../engine/kicad/paths/trust-scope.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

// What the router (issue 15) will do through writeLayout's `route` hook: add tracks and vias to
// the placed model, then the pour is filled around them and the board written. Two pin headers
// on opposite edges; net SIG is routed by hand (bottom copper, a via, top copper), GND is left
// to the bottom pour, which must flow around the SIG track.
const HEADER = "Connector_PinHeader_2.54mm:PinHeader_1x02_P2.54mm_Vertical";
const pin = (ref: string, n: string) => ({ ref, pin: n, pinName: "", pinType: "passive" });
const net = (name: string, kind: LayoutNet["kind"], n: string): LayoutNet => ({
  name,
  kind,
  basis: "test",
  pins: [pin("J1", n), pin("J2", n)],
});
const input: LayoutInput = {
  title: "routed",
  parts: [bareLayoutPart("J1", HEADER), bareLayoutPart("J2", HEADER)],
  nets: [net("SIG", "signal", "1"), net("GND", "ground", "2")],
};
const spec = boardSpec(
  [
    { key: "board.width_mm", value: 30 },
    { key: "board.height_mm", value: 20 },
    { key: "board.edge.J1", value: "left" },
    { key: "board.edge.J2", value: "right" },
  ],
  layoutConfigSchema.parse({}),
);

/** The board position of a pad, as the written board places it. */
function padAt(model: BoardModel, ref: string, number: string): Point {
  const board = readBoard(parseSexp(boardText(model)));
  const fp = board.footprints.find((f) => f.reference === ref);
  const pad = fp?.pads.find((p) => p.number === number);
  if (!pad) throw new Error(`no pad ${ref}.${number}`);
  return pad.at;
}

/** SIG from J1.1 on B.Cu to a via halfway, then on F.Cu to J2.1; `reverse` lists them backwards. */
function routeSig(placed: BoardModel, reverse: boolean): BoardModel {
  const a = padAt(placed, "J1", "1");
  const b = padAt(placed, "J2", "1");
  const mid = { x: Math.round((a.x + b.x) * 5) / 10, y: Math.round((a.y + b.y) * 5) / 10 };
  const tracks = [
    { start: a, end: mid, width: 0.25, layer: "B.Cu", net: "SIG" },
    { start: mid, end: b, width: 0.25, layer: "F.Cu", net: "SIG" },
  ];
  return {
    ...placed,
    tracks: reverse ? tracks.reverse() : tracks,
    vias: [{ at: mid, size: 0.6, drill: 0.3, net: "SIG" }],
  };
}

const catalog = FootprintCatalog.fromEnv();
const temps: TempDir[] = [];
afterAll(() => Promise.all(temps.map((t) => t.remove())));

async function routedBoard(reverse: boolean): Promise<{ board: string; text: string }> {
  const laid = await layoutBoard(input, { spec, catalog });
  if (!laid.ok) throw new Error(laid.findings.map((f) => f.detail).join("; "));
  const temp = await makeTempDir("copperhead-routed-");
  temps.push(temp);
  const board = join(temp.dir, "routed.kicad_pcb");
  await writeLayout({
    board,
    laid,
    env: process.env,
    scope: trustScopeFor(board),
    route: async (placed) => routeSig(placed, reverse),
  });
  return { board, text: await readFile(board, "utf8") };
}

describe("writeLayout's route hook: tracks and vias the router adds", () => {
  let first: { board: string; text: string };
  let report: DrcResult;
  beforeAll(async () => {
    first = await routedBoard(false);
    report = await drc(first.board);
  });

  it("are written with their nets and read back as tracks and a through via", async () => {
    const board = await loadBoard(first.board);
    expect(
      board.tracks.map((t) => [t.layer, t.net?.name, t.width]).sort((x, y) => (x < y ? -1 : 1)),
    ).toEqual([
      ["B.Cu", "SIG", 0.25],
      ["F.Cu", "SIG", 0.25],
    ]);
    expect(board.vias.map((v) => [v.type, v.layers, v.net?.name, v.size, v.drill])).toEqual([
      ["through", ["F.Cu", "B.Cu"], "SIG", 0.6, 0.3],
    ]);
    const pour = board.zones.find((z) => z.net?.name === "GND");
    expect(pour?.filled).toEqual([{ layer: "B.Cu", polygons: expect.any(Number) }]);
  });

  it("kicad-cli DRC finds the routed net connected, the pour filled around its track, nothing else", () => {
    expect(report.violations.map((v) => `${v.type}: ${v.description}`)).toEqual([]);
    // SIG by its tracks and via, GND by the bottom pour that flows around them.
    expect(report.unconnected.map((v) => v.items.map((i) => i.description))).toEqual([]);
  });

  it("the same route listed in another order gives the same bytes", async () => {
    expect((await routedBoard(true)).text).toBe(first.text);
  });
});
