import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Board, readBoard } from "../../../../engine/kicad/board/board.js";
import { boardFindingSchema } from "../../../../engine/kicad/board/finding.js";
import { footprintsOutsideOutline } from "../../../../engine/kicad/board/footprints-outside-outline.js";
import { courtyardInsideOutline } from "../../../../engine/kicad/board/outline/courtyard-inside.js";
import { outlineContains } from "../../../../engine/kicad/board/outline/outline-contains.js";
import { drc } from "../../../../engine/kicad/cli/drc.js";
import type { Footprint } from "../../../../engine/kicad/footprint/footprint.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";

let serial = 0;
const uuid = () => `0c0ffee0-0000-4000-8000-${String(++serial).padStart(12, "0")}`;
const stroke = "(stroke (width 0.05) (type default))";
const line = (x1: number, y1: number, x2: number, y2: number, prefix = "gr", layer = "Edge.Cuts") =>
  `(${prefix}_line (start ${x1} ${y1}) (end ${x2} ${y2}) ${stroke} (layer "${layer}") (uuid "${uuid()}"))`;
const arc = (s: [number, number], m: [number, number], e: [number, number]) =>
  `(gr_arc (start ${s[0]} ${s[1]}) (mid ${m[0]} ${m[1]}) (end ${e[0]} ${e[1]}) ${stroke} (layer "Edge.Cuts") (uuid "${uuid()}"))`;
const circle = (cx: number, cy: number, r: number) =>
  `(gr_circle (center ${cx} ${cy}) (end ${cx + r} ${cy}) ${stroke} (fill no) (layer "Edge.Cuts") (uuid "${uuid()}"))`;
const pcb = (...items: string[]) =>
  `(kicad_pcb (version 20241229) (generator "copperhead-test") (generator_version "9.0")\n  ${items.join("\n  ")}\n)\n`;

/** A one-pad part; `half` draws a square courtyard of that half-size, or none. */
function part(ref: string, x: number, y: number, half: number | undefined, extra = ""): string {
  const courtyard =
    half === undefined
      ? ""
      : `(fp_rect (start ${-half} ${-half}) (end ${half} ${half}) ${stroke} (fill no) (layer "F.CrtYd") (uuid "${uuid()}"))`;
  return `(footprint "Test:Part" (layer "F.Cu") (uuid "${uuid()}") (at ${x} ${y})
    (property "Reference" "${ref}" (at 0 0 0) (layer "F.SilkS") (uuid "${uuid()}"))
    (attr smd) ${courtyard} ${extra}
    (pad "1" smd rect (at 0 0) (size 0.5 0.5) (layers "F.Cu") (uuid "${uuid()}")))`;
}

const readPcb = (text: string): Board => readBoard(parseSexp(text));
const fpOf = (board: Board, ref: string) =>
  board.footprints.find((f) => f.reference === ref) as Footprint;

/** 30 × 20 mm with a rounded top-right corner (r 5), items shuffled and one reversed. */
const ROUNDED = [
  line(100, 120, 100, 100),
  line(130, 105, 130, 120),
  line(130, 120, 100, 120),
  arc([125, 100], [128.535534, 101.464466], [130, 105]),
  line(125, 100, 100, 100),
];

describe("a closed outline with a cut-out", () => {
  const board = readPcb(
    pcb(
      ...ROUNDED,
      circle(110, 110, 2),
      part("INSIDE", 120, 113, 1),
      part("EDGE", 100, 110, 1),
      part("CROSSHOLE", 110, 110, 1.5),
      part("AROUNDHOLE", 110, 110, 3),
      part("NOYARD_OUT", 140, 110, undefined),
      part("NOYARD_IN", 105, 115, undefined),
    ),
  );

  it("joins the shuffled items into the edge loop and the hole", () => {
    expect(board.outline.findings).toEqual([]);
    expect(board.outline.open).toEqual([]);
    expect(board.outline.loops.map((l) => l.items).sort()).toEqual([1, 5]);
    expect(board.outline.box).toEqual({ minX: 100, minY: 100, maxX: 130, maxY: 120 });
  });

  it("answers outlineContains by even-odd: the hole and the cut corner are off the board", () => {
    const at = (x: number, y: number) => outlineContains(board.outline, { x, y });
    expect(at(105, 105)).toBe(true);
    expect(at(110, 110)).toBe(false);
    expect(at(110, 112.5)).toBe(true);
    expect(at(99, 110)).toBe(false);
    expect(at(129.9, 100.1)).toBe(false);
    expect(at(128, 102)).toBe(true);
    expect(at(100, 110)).toBe(true); // on the edge counts as on the board
  });

  it("judges courtyards: inside, across the edge, across the hole, around the hole", () => {
    const judge = (ref: string) => courtyardInsideOutline(board.outline, fpOf(board, ref));
    expect(judge("INSIDE")).toBe(true);
    expect(judge("EDGE")).toBe(false);
    expect(judge("CROSSHOLE")).toBe(false);
    expect(judge("AROUNDHOLE")).toBe(false);
    expect(judge("NOYARD_OUT")).toBeUndefined();
  });

  it("reports every footprint off the board, by courtyard or else by pads", () => {
    const findings = footprintsOutsideOutline(board.outline, board.footprints);
    for (const f of findings) boardFindingSchema.parse(f);
    expect(findings.map((f) => f.refs[0])).toEqual([
      "EDGE",
      "CROSSHOLE",
      "AROUNDHOLE",
      "NOYARD_OUT",
    ]);
    expect(findings[3]?.detail).toMatch(/judged by its origin and pads/);
  });
});

describe("outline assembly", () => {
  it("closes the outline with a turned footprint's Edge.Cuts line", () => {
    // Three sides on the board; the fourth (x = 100, y 100..120) is the footprint's local
    // line (−10, 0)–(10, 0) turned 90° about (100, 110): (x, y) ↦ (100 + y, 110 − x).
    const edgePart = part("SLOT", 100, 110, undefined, line(-10, 0, 10, 0, "fp"));
    const board = readPcb(
      pcb(
        line(100, 100, 130, 100),
        line(130, 100, 130, 120),
        line(130, 120, 100, 120),
        edgePart.replace("(at 100 110)", "(at 100 110 90)"),
      ),
    );
    expect(board.outline.findings).toEqual([]);
    expect(board.outline.loops).toHaveLength(1);
    expect(board.outline.loops[0]?.items).toBe(4);
  });

  it("names every gap of an outline broken in two places", () => {
    const board = readPcb(
      pcb(
        line(100, 100, 130, 100),
        line(130, 100.5, 130, 120),
        line(130, 120, 100, 120),
        line(100, 119, 100, 100),
      ),
    );
    // Each gap as its two ends, in reading order (which end is `from` does not matter).
    const gaps = board.outline.findings.map((f) =>
      [f.gap?.from, f.gap?.to]
        .map((p) => `(${p?.x}, ${p?.y})`)
        .sort()
        .concat(String(f.gap?.length)),
    );
    expect(board.outline.open).toHaveLength(2);
    expect(gaps).toEqual([
      ["(130, 100)", "(130, 100.5)", "0.5"],
      ["(100, 119)", "(100, 120)", "1"],
    ]);
  });

  it("reports a board with nothing on Edge.Cuts", () => {
    const board = readPcb(pcb(line(0, 0, 10, 0, "gr", "F.SilkS")));
    expect(board.outline.box).toBeUndefined();
    expect(board.outline.findings.map((f) => f.kind)).toEqual(["outline-missing"]);
    expect(footprintsOutsideOutline(board.outline, board.footprints)).toEqual([]);
  });
});

describe("open and barely-closed outlines, against kicad-cli's DRC", () => {
  /** A 30 × 20 mm frame whose left side stops `gap` mm short of the top-left corner. */
  const frame = (gap: number) =>
    pcb(
      line(100, 100, 130, 100),
      line(130, 100, 130, 120),
      line(130, 120, 100, 120),
      line(100, 120, 100, 100 + gap),
    );
  let temp: TempDir;
  const kicadSays = new Map<number, Awaited<ReturnType<typeof drc>>>();

  beforeAll(async () => {
    temp = await makeTempDir("copperhead-outline-");
    await Promise.all(
      [1.5, 0.011, 0.009].map(async (gap) => {
        const file = temp.path(`gap-${gap}.kicad_pcb`);
        await writeFile(file, frame(gap));
        kicadSays.set(gap, await drc(file));
      }),
    );
  });
  afterAll(() => temp?.remove());

  const outlineErrors = (gap: number) =>
    kicadSays.get(gap)?.violations.filter((v) => v.type === "invalid_outline") ?? [];

  it("finds a 1.5 mm gap, naming both ends, where KiCad finds the outline not closed", () => {
    const board = readPcb(frame(1.5));
    const [finding, ...more] = board.outline.findings;
    expect(more).toEqual([]);
    expect(boardFindingSchema.parse(finding)).toMatchObject({
      kind: "outline-open",
      severity: "error",
      gap: { length: 1.5 },
    });
    const ends = [finding?.gap?.from, finding?.gap?.to];
    expect(ends).toContainEqual({ x: 100, y: 100 });
    expect(ends).toContainEqual({ x: 100, y: 101.5 });
    expect(finding?.detail).toMatch(/\(100, 100\).*\(100, 101\.5\)|\(100, 101\.5\).*\(100, 100\)/);

    const notClosed = outlineErrors(1.5).find((v) => /not a closed shape/.test(v.description));
    expect(notClosed).toBeDefined();
    // KiCad points at one end of the same gap.
    expect(ends).toContainEqual(notClosed?.items[0]?.pos);
  });

  it("draws the line where KiCad 9's DRC does: 0.009 mm closes, 0.011 mm does not", () => {
    expect(readPcb(frame(0.009)).outline.findings).toEqual([]);
    expect(outlineErrors(0.009)).toEqual([]);
    expect(readPcb(frame(0.011)).outline.findings.map((f) => f.kind)).toEqual(["outline-open"]);
    expect(outlineErrors(0.011).length).toBeGreaterThan(0);
  });
});
