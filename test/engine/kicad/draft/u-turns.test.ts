import { describe, expect, it } from "vitest";
import type { Drawing, DrawnWire } from "../../../../engine/kicad/draft/drawing.js";
import { straightenUTurns } from "../../../../engine/kicad/draft/u-turns.js";

const wire = (net: string, ax: number, ay: number, bx: number, by: number): DrawnWire => ({
  net,
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});
const sheet = (wires: DrawnWire[]): Drawing => ({
  paper: "A4",
  symbols: [],
  wires,
  junctions: [],
  labels: [],
  noConnects: [],
  rects: [],
  texts: [],
});
const show = (d: Drawing) => d.wires.map((w) => `${w.a.x},${w.a.y}-${w.b.x},${w.b.y}`).sort();

/** mcu-opamp-board's R4, planted: its stub down to 7.62, a 1.27 mm jog, back up to 6.35 and on. */
const uTurn = () =>
  sheet([
    wire("N", 5.08, 5.08, 5.08, 7.62),
    wire("N", 5.08, 7.62, 6.35, 7.62),
    wire("N", 6.35, 7.62, 6.35, 6.35),
    wire("N", 6.35, 6.35, 20.32, 6.35),
  ]);
const PIN = { x: 5.08, y: 5.08 };

describe("straightenUTurns", () => {
  it("cuts the stub where the run back ends and leaves it there: no two runs 1.27 mm apart", () => {
    const out = straightenUTurns(uTurn(), { pins: [PIN, { x: 20.32, y: 6.35 }], bodies: [] });
    expect(show(out)).toEqual(
      ["5.08,5.08-5.08,6.35", "5.08,6.35-6.35,6.35", "6.35,6.35-20.32,6.35"].sort(),
    );
  });

  it("keeps the U when a bend is a pin, when the moved jog would run through a body or touch another wire", () => {
    const pins = [PIN, { x: 20.32, y: 6.35 }];
    const atPin = straightenUTurns(uTurn(), { pins: [...pins, { x: 5.08, y: 7.62 }], bodies: [] });
    expect(show(atPin)).toEqual(show(uTurn()));
    const body = { minX: 5.5, minY: 5.8, maxX: 6, maxY: 7 };
    expect(show(straightenUTurns(uTurn(), { pins, bodies: [body] }))).toEqual(show(uTurn()));
    const other = sheet([...uTurn().wires, wire("M", 5.72, 3, 5.72, 6.35)]);
    expect(show(straightenUTurns(other, { pins, bodies: [] }))).toEqual(show(other));
  });
});
