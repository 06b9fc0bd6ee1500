import type { Point } from "./point.js";

/** The nearest multiple of `pitch` (mm). */
export function snapToGrid(value: number, pitch: number): number {
  const snapped = Math.round(value / pitch) * pitch;
  // Multiplying back reintroduces float noise (3 × 1.27 = 3.8100000000000005): keep 4 decimals,
  // KiCad's own schematic precision.
  const clean = Math.round(snapped * 10_000) / 10_000;
  return clean === 0 ? 0 : clean;
}

export function snapPointToGrid(p: Point, pitch: number): Point {
  return { x: snapToGrid(p.x, pitch), y: snapToGrid(p.y, pitch) };
}

/** `value` is within `tolerance` of a multiple of `pitch`. */
export function isOnGrid(value: number, pitch: number, tolerance: number): boolean {
  return Math.abs(value - Math.round(value / pitch) * pitch) <= tolerance;
}

export function isPointOnGrid(p: Point, pitch: number, tolerance: number): boolean {
  return isOnGrid(p.x, pitch, tolerance) && isOnGrid(p.y, pitch, tolerance);
}
