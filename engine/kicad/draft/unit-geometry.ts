import { LIB_PIN_INWARD } from "../schematic/pins-of.js";
import type { Rotation } from "../schematic/placed-symbol.js";
import { libVectorToSheet } from "../schematic/transform.js";
import type { Box, Point } from "../symbol/geometry.js";
import { boxOf } from "../symbol/geometry.js";
import { graphicOutline } from "../symbol/graphic-outline.js";
import type { LibSymbol } from "../symbol/lib-symbol.js";
import type { LibPin } from "../symbol/pin.js";
import { unitGraphics, unitPins } from "../symbol/unit-items.js";
import type { Direction } from "./drawing.js";

/** A pin of a placed unit, relative to the symbol origin, in sheet axes (Y down). */
export interface UnitPin {
  pin: LibPin;
  offset: Point;
  /** Away from the body: where its wire or label goes. */
  outward: Direction;
}

export interface UnitGeometry {
  unit: number;
  rotation: Rotation;
  pins: UnitPin[];
  /** The body (drawings and pin lines) relative to the origin, in sheet axes. */
  body: Box;
}

function direction(v: Point): Direction {
  if (Math.abs(v.x) >= Math.abs(v.y)) return v.x < 0 ? "left" : "right";
  return v.y < 0 ? "up" : "down";
}

/** The units a part is drawn as: each unit on its own (U1A, U1B, … and the power unit). */
export function unitsOf(symbol: LibSymbol): number[] {
  return Array.from({ length: symbol.unitCount }, (_, i) => i + 1);
}

/**
 * Pins (one per number) and body box of one unit placed at the origin with `rotation`, through
 * the same library→sheet transform the netlister uses, so drawn pins land where KiCad puts them.
 */
export function unitGeometry(
  symbol: LibSymbol,
  unit: number,
  rotation: Rotation = 0,
): UnitGeometry {
  const placement = { at: { x: 0, y: 0 }, rotation, mirror: undefined };
  const seen = new Set<string>();
  const pins: UnitPin[] = [];
  const points: Point[] = [];
  for (const pin of unitPins(symbol, unit)) {
    const turned = libVectorToSheet(pin.at, placement);
    // Adding zero turns the transform's -0 into 0, so offsets compare and print as KiCad's do.
    const offset = { x: turned.x + 0, y: turned.y + 0 };
    const inLib = LIB_PIN_INWARD[pin.orientation] ?? { x: 1, y: 0 };
    // Library Y-up: a unit vector in library axes turned like the symbol.
    const inward = libVectorToSheet({ x: inLib.x, y: inLib.y }, placement);
    points.push(offset);
    points.push({ x: offset.x + inward.x * pin.length, y: offset.y + inward.y * pin.length });
    if (seen.has(pin.number)) continue;
    seen.add(pin.number);
    pins.push({ pin, offset, outward: direction({ x: -inward.x, y: -inward.y }) });
  }
  for (const graphic of unitGraphics(symbol, unit)) {
    for (const p of graphicOutline(graphic)) points.push(libVectorToSheet(p, placement));
  }
  if (points.length === 0) points.push({ x: 0, y: 0 });
  return { unit, rotation, pins, body: boxOf(points) };
}
