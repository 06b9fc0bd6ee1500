import type { Rect } from "../../kicad/geometry/rect.js";

export interface CropOptions {
  /** Changes closer than this (SVG units, mm) share one crop. */
  gap: number;
  /** Context kept around a crop's changes. */
  margin: number;
  /** A crop is never smaller than this, so a one-pin change still shows its neighbours. */
  minWidth: number;
  minHeight: number;
  /** At most this many crops per page; the nearest ones merge until it holds. */
  maxCrops: number;
  /** Crops stay inside this rectangle (the page or the board). */
  bounds: Rect;
}

const union = (a: Rect, b: Rect): Rect => ({
  minX: Math.min(a.minX, b.minX),
  minY: Math.min(a.minY, b.minY),
  maxX: Math.max(a.maxX, b.maxX),
  maxY: Math.max(a.maxY, b.maxY),
});

/** The gap between two rectangles (0 when they touch or overlap). */
function gapBetween(a: Rect, b: Rect): number {
  const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return Math.hypot(dx, dy);
}

function grow(r: Rect, o: CropOptions): Rect {
  let { minX, minY, maxX, maxY } = {
    minX: r.minX - o.margin,
    minY: r.minY - o.margin,
    maxX: r.maxX + o.margin,
    maxY: r.maxY + o.margin,
  };
  const padX = Math.max(0, o.minWidth - (maxX - minX)) / 2;
  const padY = Math.max(0, o.minHeight - (maxY - minY)) / 2;
  minX -= padX;
  maxX += padX;
  minY -= padY;
  maxY += padY;
  // Slide back inside the bounds before clipping, so a crop at the edge keeps its size.
  const shift = (lo: number, hi: number, blo: number, bhi: number): [number, number] => {
    if (hi - lo >= bhi - blo) return [blo, bhi];
    if (lo < blo) return [blo, hi + (blo - lo)];
    if (hi > bhi) return [lo - (hi - bhi), bhi];
    return [lo, hi];
  };
  [minX, maxX] = shift(minX, maxX, o.bounds.minX, o.bounds.maxX);
  [minY, maxY] = shift(minY, maxY, o.bounds.minY, o.bounds.maxY);
  return { minX, minY, maxX, maxY };
}

/** Merges every pair closer than `gap` until none is. */
function cluster(boxes: Rect[], gap: number): Rect[] {
  const out = [...boxes];
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        if (gapBetween(out[i]!, out[j]!) <= gap) {
          out[i] = union(out[i]!, out[j]!);
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out;
}

/**
 * Where to crop a page so each picture shows one changed region at reading scale: the changed
 * primitives' boxes clustered, framed with context, at least a minimum size, inside the page,
 * and no more than maxCrops of them. Sorted top to bottom, left to right (reading order).
 */
export function cropRegions(changed: readonly Rect[], options: CropOptions): Rect[] {
  if (changed.length === 0) return [];
  let regions = cluster([...changed], options.gap).map((r) => grow(r, options));
  regions = cluster(regions, 0);
  while (regions.length > options.maxCrops) {
    let best = [0, 1, Number.POSITIVE_INFINITY] as [number, number, number];
    for (let i = 0; i < regions.length; i++) {
      for (let j = i + 1; j < regions.length; j++) {
        const d = gapBetween(regions[i]!, regions[j]!);
        if (d < best[2]) best = [i, j, d];
      }
    }
    const [i, j] = best;
    regions[i] = grow(union(regions[i]!, regions[j]!), { ...options, margin: 0 });
    regions.splice(j, 1);
    regions = cluster(regions, 0);
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return regions
    .map((r) => ({
      minX: round(r.minX),
      minY: round(r.minY),
      maxX: round(r.maxX),
      maxY: round(r.maxY),
    }))
    .sort((a, b) => a.minY - b.minY || a.minX - b.minX);
}
