import { libVectorToSheet } from "../schematic/transform.js";
import type { Box, Point } from "../symbol/geometry.js";
import { boxOf } from "../symbol/geometry.js";
import { graphicOutline } from "../symbol/graphic-outline.js";
import type { LibSymbol } from "../symbol/lib-symbol.js";
import type { LibPin } from "../symbol/pin.js";
import { unitGraphics, unitPins } from "../symbol/unit-items.js";
import type { Direction } from "./drawing.js";

/** A pin of an unrotated unit, relative to the symbol origin, in sheet axes (Y down). */
export interface UnitPin {
  pin: LibPin;
  offset: Point;
  /** Away from the body: where its wire or label goes. */
  outward: Direction;
}

export interface UnitGeometry {
  unit: number;
  pins: UnitPin[];
  /** The body (drawings and pin lines) relative to the origin, in sheet axes. */
  body: Box;
}

const OUTWARD: Record<number, Direction> = { 0: "left", 90: "down", 180: "right", 270: "up" };
const UPRIGHT = { at: { x: 0, y: 0 }, rotation: 0 as const, mirror: undefined };

/** The units a part is drawn as: each unit on its own (U1A, U1B, … and the power unit). */
export function unitsOf(symbol: LibSymbol): number[] {
  return Array.from({ length: symbol.unitCount }, (_, i) => i + 1);
}

/** Pins (one per number) and body box of one unit, drawn upright at the origin. */
export function unitGeometry(symbol: LibSymbol, unit: number): UnitGeometry {
  const seen = new Set<string>();
  const pins: UnitPin[] = [];
  const points: Point[] = [];
  for (const pin of unitPins(symbol, unit)) {
    const offset = libVectorToSheet(pin.at, UPRIGHT);
    points.push(offset);
    const outward = OUTWARD[pin.orientation] ?? "left";
    const inward = {
      left: { x: 1, y: 0 },
      right: { x: -1, y: 0 },
      up: { x: 0, y: 1 },
      down: { x: 0, y: -1 },
    }[outward];
    points.push({ x: offset.x + inward.x * pin.length, y: offset.y + inward.y * pin.length });
    if (seen.has(pin.number)) continue;
    seen.add(pin.number);
    pins.push({ pin, offset, outward });
  }
  for (const graphic of unitGraphics(symbol, unit)) {
    for (const p of graphicOutline(graphic)) points.push(libVectorToSheet(p, UPRIGHT));
  }
  if (points.length === 0) points.push({ x: 0, y: 0 });
  return { unit, pins, body: boxOf(points) };
}
