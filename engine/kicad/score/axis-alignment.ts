import type { Point } from "../geometry/point.js";

/** KiCad's schematic grid is 1.27 mm; anything within 0.01 mm is the same row or column. */
const KEY_PER_MM = 100;

/**
 * How many of one sheet's part origins share a row (y) or a column (x) with another part on
 * the same sheet. A sheet with a single part has nothing to align with, so it is not eligible.
 */
export function alignedParts(origins: readonly Point[]): { aligned: number; eligible: number } {
  if (origins.length < 2) return { aligned: 0, eligible: 0 };
  const xs = tally(origins.map((p) => p.x));
  const ys = tally(origins.map((p) => p.y));
  let aligned = 0;
  for (const p of origins) {
    if ((xs.get(key(p.x)) ?? 0) > 1 || (ys.get(key(p.y)) ?? 0) > 1) aligned++;
  }
  return { aligned, eligible: origins.length };
}

function key(v: number): number {
  return Math.round(v * KEY_PER_MM);
}

function tally(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(key(v), (counts.get(key(v)) ?? 0) + 1);
  return counts;
}
