import { distance, type Point } from "../../footprint/point.js";
import type { OpenChain } from "./outline.js";

export interface OutlineGap {
  readonly from: Point;
  readonly to: Point;
  readonly length: number;
}

/**
 * Pairs the loose ends of open chains into gaps, closest pair first: where the outline would
 * have to be joined to close. Every open chain has two loose ends, so every end is paired.
 */
export function outlineGaps(open: readonly OpenChain[]): OutlineGap[] {
  const ends: Point[] = [];
  for (const chain of open) {
    ends.push(chain.points[0] as Point, chain.points[chain.points.length - 1] as Point);
  }
  const taken = ends.map(() => false);
  const gaps: OutlineGap[] = [];
  for (;;) {
    let best: { i: number; j: number; d: number } | undefined;
    for (let i = 0; i < ends.length; i++) {
      if (taken[i]) continue;
      for (let j = i + 1; j < ends.length; j++) {
        if (taken[j]) continue;
        const d = distance(ends[i] as Point, ends[j] as Point);
        if (!best || d < best.d) best = { i, j, d };
      }
    }
    if (!best) break;
    taken[best.i] = true;
    taken[best.j] = true;
    gaps.push({ from: ends[best.i] as Point, to: ends[best.j] as Point, length: best.d });
  }
  return gaps;
}
