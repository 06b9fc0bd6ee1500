import { describe, expect, it } from "vitest";
import type { Drawing, DrawnWire } from "../../../../engine/kicad/draft/drawing.js";
import { foldSelfCrossings } from "../../../../engine/kicad/draft/self-crossings.js";

const wire = (net: string, ax: number, ay: number, bx: number, by: number): DrawnWire => ({
  net,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});
const sheet = (wires: DrawnWire[], junctions = [] as { x: number; y: number }[]): Drawing => ({
  paper: "A4",
  symbols: [],
  wires,
  junctions,
  labels: [],
  noConnects: [],
  rects: [],
  texts: [],
});
const show = (d: Drawing) =>
  d.wires.map((w) => `${w.net} ${w.a.x},${w.a.y}-${w.b.x},${w.b.y}`).sort();

/**
 * The sensor hub's follower, planted: the output (pin at 40,10) runs left and up at x=20 across
 * its own pin-2 line (y=5, pin at 30,5; a stacked part's pin at 10,5 with a junction), over it
 * at y=3.73 and down to the line's far stub end at 5.
 */
const follower = () =>
  sheet(
    [
      wire("FB", 40, 10, 20, 10),
      wire("FB", 20, 10, 20, 3.73),
      wire("FB", 20, 3.73, 5, 3.73),
      wire("FB", 5, 3.73, 5, 5),
      wire("FB", 30, 5, 10, 5),
      wire("FB", 10, 5, 5, 5),
    ],
    [{ x: 10, y: 5 }],
  );
const FOLLOWER_PINS = [
  { x: 40, y: 10 },
  { x: 30, y: 5 },
  { x: 10, y: 5 },
];

describe("foldSelfCrossings", () => {
  it("turns a net's loop over its own line into a T: the loop and its dead end go, the line is split at the new junction", () => {
    const folded = foldSelfCrossings(follower(), FOLLOWER_PINS);
    expect(show(folded)).toEqual(
      ["FB 20,5-10,5", "FB 30,5-20,5", "FB 40,10-20,10", "FB 20,10-20,5"].sort(),
    );
    // The new T has its dot; the stacked part's old one now joins one wire end and a pin.
    expect(folded.junctions).toEqual([{ x: 20, y: 5 }]);
  });

  it("leaves a crossing of two nets alone, and a same-net crossing whose fold would cut a pin off", () => {
    const twoNets = sheet([wire("A", 0, 5, 20, 5), wire("B", 10, 0, 10, 10)]);
    expect(foldSelfCrossings(twoNets, [])).toBe(twoNets);
    // Both sides of each wire lead to a pin: no fold keeps every pin joined as it was.
    const plus = sheet([wire("N", 0, 5, 20, 5), wire("N", 10, 0, 10, 10)]);
    const pins = [
      { x: 0, y: 5 },
      { x: 20, y: 5 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ];
    expect(show(foldSelfCrossings(plus, pins))).toEqual(show(plus));
  });
});
