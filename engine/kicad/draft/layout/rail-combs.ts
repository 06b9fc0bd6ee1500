import type { Point } from "../../symbol/geometry.js";
import type { DrawnWire } from "../drawing.js";
import { step } from "../drawing.js";
import { STUB } from "../pin-attachments.js";
import { onWireInterior } from "../wire-points.js";
import { boxAround, type CellItems } from "./cell-items.js";
import type { Shape } from "./occupancy.js";
import type { Spot } from "./unit-spots.js";

const PITCH = 2.54;
const EPS = 0.005;

/**
 * Side pins next to each other on one rail (an MCU's VCC33 row): an upright port per pin has no
 * room 2.54 mm apart (each port's graphic would stand on its neighbour's line), so, as people
 * draw it, every pin's stub ends on one wire down the row and one port, on the `head`, stands for
 * them all: the top pin of a supply row (its port points up, away from the row), the bottom pin
 * of a ground row.
 */
export interface RailComb {
  head: Spot;
  /** The row's other pins, each drawn as a stub to the comb's wire. */
  teeth: Spot[];
  /** Where the comb's wire meets the head's line: the head's wire is split and joined there. */
  tap: Point;
}

const sameRail = (a: Spot, b: Spot) =>
  a.role.kind === "power" &&
  b.role.kind === "power" &&
  a.role.net === b.role.net &&
  a.outward === b.outward &&
  Math.abs(a.offset.x - b.offset.x) < EPS;

/** The unit's rows of two or more left or right pins 2.54 mm apart on one power net. */
export function railCombs(spots: readonly Spot[]): RailComb[] {
  const side = spots
    .filter((s) => s.role.kind === "power" && (s.outward === "left" || s.outward === "right"))
    .sort((a, b) => a.offset.x - b.offset.x || a.offset.y - b.offset.y);
  const rows: Spot[][] = [];
  for (const spot of side) {
    const row = rows[rows.length - 1];
    const prev = row?.[row.length - 1];
    if (
      row &&
      prev &&
      sameRail(prev, spot) &&
      Math.abs(spot.offset.y - prev.offset.y - PITCH) < EPS
    )
      row.push(spot);
    else rows.push([spot]);
  }
  return rows
    .filter((row) => row.length > 1)
    .map((row) => {
      const ground = row[0]?.role.kind === "power" && row[0].role.ground;
      const ordered = ground ? [...row].reverse() : row;
      const [head, ...teeth] = ordered as [Spot, ...Spot[]];
      return { head, teeth, tap: step(head.offset, head.outward, STUB) };
    });
}

/**
 * The comb's own wires, head's line excepted: each tooth's stub and the wire down the row split
 * at every stub's end (KiCad joins only at wire ends), a junction at each tee; with the shapes
 * they take, owned by the head (its port and line are drawn to meet them) and passable by its net.
 */
export function combDrawing(comb: RailComb): {
  wires: DrawnWire[];
  junctions: Point[];
  shapes: Shape[];
} {
  const net = comb.head.role.kind === "power" ? comb.head.role.net : "";
  const owner = comb.head.key;
  const wires: DrawnWire[] = [];
  const junctions: Point[] = [];
  let from = comb.tap;
  comb.teeth.forEach((tooth, i) => {
    const end = step(tooth.offset, tooth.outward, STUB);
    wires.push({ net, a: tooth.offset, b: end }, { net, a: from, b: end });
    if (i < comb.teeth.length - 1) junctions.push(end);
    from = end;
  });
  const shapes = wires.flatMap((w): Shape[] => [
    { kind: "wire", measure: "exact", box: boxAround([w.a, w.b]), owner, pin: owner },
    { kind: "body", measure: "estimate", box: boxAround([w.a, w.b]), owner, pin: owner },
  ]);
  return { wires, junctions, shapes };
}

/**
 * Joins the comb's wire to the head's drawn line at the tap: the head's wire through it is split
 * there and a junction put on the tee (the line's stub, the line on and the comb's wire).
 */
export function tapHeadLine(items: CellItems, comb: RailComb): void {
  const split = (wires: DrawnWire[]) => {
    const i = wires.findIndex((w) => onWireInterior(comb.tap, w));
    if (i < 0) return false;
    const w = wires[i] as DrawnWire;
    wires.splice(i, 1, { ...w, b: comb.tap }, { ...w, a: comb.tap });
    return true;
  };
  const own = items.attachments.find((a) => a.pin === comb.head.key)?.attachment.wires;
  if (!split(items.wires) && own) split(own);
  items.junctions.push(comb.tap);
}
