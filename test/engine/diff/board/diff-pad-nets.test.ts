import { describe, expect, it } from "vitest";
import { diffPadNets } from "../../../../engine/diff/board/diff-pad-nets.js";
import { matchFootprints } from "../../../../engine/diff/board/match-footprints.js";
import { type Board, readBoard } from "../../../../engine/kicad/board/board.js";
import { parseSexp } from "../../../../engine/kicad/sexp/parse.js";

/** A board with R1 and R2 in series: pad 2 of R1 and pad 1 of R2 on the net `middle`. */
function board(middle: string, r2Pad2 = "GND"): Board {
  const nets = ["VIN", middle, r2Pad2];
  const pad = (n: string, x: number, net: string, id: string) =>
    `(pad "${n}" smd rect (at ${x} 0) (size 1 1) (layers "F.Cu") (net ${nets.indexOf(net) + 1} "${net}") (uuid "0c0ffee1-0000-4000-8000-0000000000${id}"))`;
  const text = `(kicad_pcb (version 20241229) (generator "copperhead-test") (generator_version "9.0")
  (general (thickness 1.6))
  (paper "A4")
  (layers (0 "F.Cu" signal) (2 "B.Cu" signal) (25 "Edge.Cuts" user))
  (setup)
  (net 0 "") (net 1 "VIN") (net 2 "${middle}") (net 3 "${r2Pad2}")
  (footprint "Resistor_SMD:R_0603_1608Metric" (layer "F.Cu") (uuid "0c0ffee1-0000-4000-8000-000000000001") (at 10 10)
    (property "Reference" "R1" (at 0 0 0) (layer "F.SilkS") (uuid "0c0ffee1-0000-4000-8000-000000000002"))
    ${pad("1", -1, "VIN", "03")} ${pad("2", 1, middle, "04")})
  (footprint "Resistor_SMD:R_0603_1608Metric" (layer "F.Cu") (uuid "0c0ffee1-0000-4000-8000-000000000005") (at 20 10)
    (property "Reference" "R2" (at 0 0 0) (layer "F.SilkS") (uuid "0c0ffee1-0000-4000-8000-000000000006"))
    ${pad("1", -1, middle, "07")} ${pad("2", 1, r2Pad2, "08")}))`;
  return readBoard(parseSexp(text, { file: "test.kicad_pcb" }));
}

function diff(before: Board, after: Board) {
  return diffPadNets(before, after, matchFootprints(before.footprints, after.footprints));
}

describe("diffPadNets", () => {
  it("does not report KiCad re-inventing a net's name after other pads", () => {
    const result = diff(board("Net-(R1-Pad2)"), board("Net-(R2-Pad1)"));
    expect(result.changes).toEqual([]);
    expect(result.renamed.get("Net-(R1-Pad2)")).toBe("Net-(R2-Pad1)");
  });

  it("reports a reader's rename of an invented name", () => {
    const result = diff(board("Net-(R1-Pad2)"), board("DIVIDER"));
    expect(result.changes).toEqual([
      { kind: "board-net-renamed", before: "Net-(R1-Pad2)", after: "DIVIDER" },
    ]);
  });

  it("takes a suffix after the parenthesis for a reader's name (the checker's auto-named rule)", () => {
    const result = diff(board("Net-(R1-Pad2)"), board("Net-(R1-Pad2)_TAP"));
    expect(result.changes).toEqual([
      { kind: "board-net-renamed", before: "Net-(R1-Pad2)", after: "Net-(R1-Pad2)_TAP" },
    ]);
  });

  it("reports a pad that moved to another net", () => {
    const result = diff(board("MID", "GND"), board("MID", "VIN"));
    expect(result.changes).toContainEqual({
      kind: "pad-net-changed",
      ref: "R2",
      pad: "2",
      before: "GND",
      after: "VIN",
    });
  });
});
