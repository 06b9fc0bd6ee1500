import type { Point } from "../../symbol/geometry.js";
import type { Direction } from "../drawing.js";
import type { PinRole } from "../pin-attachments.js";
import { pinKey } from "../resolved-intent.js";
import type { UnitPin } from "../unit-geometry.js";

/** One connection point of the unit: a pin, or a stack of pins KiCad joins, drawn once. */
export interface Spot {
  /** The first pin at the point: what its stacks hang from and what owns its drawing. */
  key: string;
  offset: Point;
  outward: Direction;
  role: PinRole;
}

export function spotsOf(
  pins: readonly UnitPin[],
  ref: string,
  roleOf: (pin: string) => PinRole,
): Spot[] {
  const spots = new Map<string, Spot>();
  for (const { pin, offset, outward } of pins) {
    const key = pinKey(ref, pin.number);
    const role = roleOf(key);
    const at = `${offset.x},${offset.y}`;
    const found = spots.get(at);
    // Stacked pins share one drawing; a stack left open takes the role of any pin on a net.
    if (!found) spots.set(at, { key, offset, outward, role });
    else if (found.role.kind === "no-connect" && role.kind !== "no-connect") found.role = role;
  }
  return [...spots.values()];
}

/**
 * The order pins without stacks are drawn in, so each finds room: a label or a power symbol on
 * an up or down pin reads to the right, over the lines of the pins to its right, so those are
 * drawn first (right to left); a label on a side pin sits above its wire, so side pins go top to
 * bottom.
 */
export function drawingOrder(a: Spot, b: Spot): number {
  const rank = (d: Direction) => (d === "left" ? 0 : d === "right" ? 1 : d === "up" ? 2 : 3);
  const side = rank(a.outward) - rank(b.outward);
  if (side !== 0) return side;
  return a.outward === "up" || a.outward === "down"
    ? b.offset.x - a.offset.x
    : a.offset.y - b.offset.y;
}
