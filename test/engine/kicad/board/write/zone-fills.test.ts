import { describe, expect, it } from "vitest";
import { withZoneFills } from "../../../../../engine/kicad/board/write/zone-fills.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";
import { writeSexp } from "../../../../../engine/kicad/sexp/write.js";

const zone = (uuid: string, fill: string, filled = "") =>
  `(zone (net 1) (net_name "GND") (layer "B.Cu") (uuid "${uuid}") ${fill} (polygon (pts (xy 0 0) (xy 9 0) (xy 9 9))) ${filled})`;
const OLD = '(filled_polygon (layer "B.Cu") (pts (xy 1 1) (xy 2 1) (xy 2 2)))';
const board = (...zones: string[]) =>
  parseSexp(`(kicad_pcb (version 20241229) (gr_rect (fill no)) ${zones.join(" ")})`);
const square = [
  {
    layer: "B.Cu",
    points: [
      { x: 0, y: 0 },
      { x: 5, y: 0 },
      { x: 5, y: 5 },
    ],
  },
];

describe("withZoneFills", () => {
  it("replaces a zone's old fill by the new one and marks it filled, whatever its fill flag said", () => {
    const cases = [
      ["(fill yes (thermal_gap 0.5))", "(fill yes (thermal_gap 0.5))"],
      ["(fill no (thermal_gap 0.5))", "(fill yes (thermal_gap 0.5))"],
      ["(fill (thermal_gap 0.5))", "(fill yes (thermal_gap 0.5))"],
      ["(fill (mode hatch) (hatch_thickness 1))", "(fill yes (mode hatch) (hatch_thickness 1))"],
    ];
    for (const [before, after] of cases) {
      const { tree, zones } = withZoneFills(
        board(zone("a", before as string, OLD)),
        new Map([["a", square]]),
      );
      expect(zones).toBe(1);
      expect(writeSexp(tree)).toBe(
        writeSexp(
          board(
            zone(
              "a",
              after as string,
              '(filled_polygon (layer "B.Cu") (pts (xy 0 0) (xy 5 0) (xy 5 5)))',
            ),
          ),
        ),
      );
    }
  });

  it("leaves zones without an entry, and everything else, as parsed", () => {
    const before = board(zone("a", "(fill yes)", OLD), zone("b", "(fill no)"));
    const { tree, zones } = withZoneFills(before, new Map([["b", []]]));
    expect(zones).toBe(1);
    expect(writeSexp(tree)).toBe(
      writeSexp(board(zone("a", "(fill yes)", OLD), zone("b", "(fill yes)"))),
    );
    // The graphic's (fill no) is not a zone's.
    expect(writeSexp(tree)).toContain("(gr_rect\n\t\t(fill no)");
  });
});
