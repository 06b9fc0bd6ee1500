import type { Point } from "../symbol/geometry.js";
import type { Direction, DrawnLabel, DrawnSymbol, DrawnWire } from "./drawing.js";
import { snap, step } from "./drawing.js";
import type { RailSymbols } from "./rail-symbols.js";

/** What one pin gets: a label, a power symbol, a no-connect marker, or nothing. */
export type PinRole =
  | { kind: "label"; net: string }
  | { kind: "power"; net: string; ground: boolean }
  | { kind: "no-connect" };

export const STUB = 2.54;
const CHAR = 1.27 * 0.9;

/** Rough drawn width of a label or field (the checker measures exactly; this only spaces cells). */
export function textWidth(text: string): number {
  return text.length * CHAR + 1.27;
}

export interface Attachment {
  wires: DrawnWire[];
  labels: DrawnLabel[];
  symbols: Omit<DrawnSymbol, "ref" | "fields">[];
  /** Power symbols need a reference and a value field: filled in by the caller. */
  powerValues: { index: number; value: string; valueAt: Point }[];
  noConnects: Point[];
  /** Every point the attachment draws on (for the cell's extent). */
  extent: Point[];
}

const RAIL_ROTATION: Record<Direction, 0 | 90 | 180 | 270> = {
  up: 0,
  left: 90,
  down: 180,
  right: 270,
};
const GROUND_ROTATION: Record<Direction, 0 | 90 | 180 | 270> = {
  down: 0,
  right: 90,
  up: 180,
  left: 270,
};

/**
 * The drawing for one pin at sheet point `pin`, facing `outward`: a stub wire then a horizontal
 * label or a power symbol turned to point away from the part; or a no-connect marker on the pin.
 */
export function attachPin(
  pin: Point,
  outward: Direction,
  role: PinRole,
  rails: RailSymbols,
  key: string,
  /** On a horizontal stub, stand a power symbol upright at its end instead of along the stub. */
  upright = false,
): Attachment {
  const out: Attachment = {
    wires: [],
    labels: [],
    symbols: [],
    powerValues: [],
    noConnects: [],
    extent: [pin],
  };
  if (role.kind === "no-connect") {
    out.noConnects.push(pin);
    return out;
  }
  const end = step(pin, outward, STUB);
  out.wires.push({ net: role.net, a: pin, b: end });
  out.extent.push(end);
  if (role.kind === "label") {
    const angle = outward === "left" ? 180 : 0;
    out.labels.push({ text: role.net, at: end, angle });
    const w = textWidth(role.net);
    out.extent.push({ x: end.x + (angle === 180 ? -w : w), y: snap(end.y - 1.27, 0.01) });
    return out;
  }
  // A ground never points up and a rail never down (a reader takes that for a fault): on such a
  // stub the symbol turns to point right instead, at the stub's end.
  const upsideDown = role.ground ? outward === "up" : outward === "down";
  const sideways = outward === "left" || outward === "right";
  const points: Direction = upsideDown
    ? "right"
    : upright && sideways
      ? role.ground
        ? "down"
        : "up"
      : outward;
  const rotation = role.ground ? GROUND_ROTATION[points] : RAIL_ROTATION[points];
  const libId = role.ground ? rails.ground(role.net) : rails.rail(role.net);
  out.symbols.push({
    key,
    libId,
    unit: 1,
    at: end,
    rotation,
    inBom: false,
    onBoard: true,
    pinNumbers: ["1"],
  });
  const far = step(end, points, 5.08);
  const w = textWidth(role.net);
  const valueAt = points === "up" || points === "down" ? far : step(far, points, w / 2);
  out.powerValues.push({ index: 0, value: role.net, valueAt });
  out.extent.push(
    far,
    { x: valueAt.x - w / 2 - 1, y: valueAt.y - 1.5 },
    { x: valueAt.x + w / 2 + 1, y: valueAt.y + 1.5 },
  );
  return out;
}
