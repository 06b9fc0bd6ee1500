import { pushAll } from "../../../array-ops.js";
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

/** A supply port at the end of a side pin's line reaches this far up: its arrow and its value. */
const PORT_REACH = 7.62;

/**
 * The order pins with stacks are drawn in. Innermost first (the pin furthest along the way its
 * stacks hang leaves the most room): a side's pins bottom first, a top or bottom row right to
 * left. But a side pin whose own supply port ends its line stands that port upright over the
 * line, where the lanes kept for the pins just above would lay it on its side: such a pin waits
 * until those are drawn, so its port clears what is drawn there instead.
 */
export function hostingOrder(hosting: readonly Spot[]): Spot[] {
  // As the drafter always sorted them. (Across sides this comparator is not consistent, so
  // pins of one side can come out of order when several sides host stacks; a consistent one
  // redraws mcu-opamp-board, so it is kept.)
  const base = [...hosting].sort((a, b) =>
    a.outward === "up" || a.outward === "down" ? b.offset.x - a.offset.x : b.offset.y - a.offset.y,
  );
  const waitsFor = (pin: Spot, other: Spot) =>
    pin.role.kind === "power" &&
    !pin.role.ground &&
    (pin.outward === "left" || pin.outward === "right") &&
    other.outward === pin.outward &&
    other.offset.y < pin.offset.y &&
    pin.offset.y - other.offset.y <= PORT_REACH;
  const order: Spot[] = [];
  const left = [...base];
  while (left.length > 0) {
    // The first pin, innermost first, whose neighbours above are drawn (a pin never waits for
    // one below it, so one always is).
    const i = left.findIndex((pin) => left.every((other) => !waitsFor(pin, other)));
    pushAll(order, left.splice(i, 1));
  }
  return order;
}
