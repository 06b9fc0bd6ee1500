import type { Point } from "./point.js";
import { type Rect, rectFromCorners, rectInflate } from "./rect.js";

/** A straight line from `a` to `b` in sheet mm: a wire, a bus or a graphic line. */
export interface Segment {
  readonly a: Point;
  readonly b: Point;
}

export function segmentLength(s: Segment): number {
  return Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);
}

export function segmentBounds(s: Segment): Rect {
  return rectFromCorners(s.a, s.b);
}

export function isHorizontal(s: Segment, tolerance: number): boolean {
  return Math.abs(s.a.y - s.b.y) <= tolerance;
}

export function isVertical(s: Segment, tolerance: number): boolean {
  return Math.abs(s.a.x - s.b.x) <= tolerance;
}

/** The distance from `p` to the nearest point of the segment. */
export function distanceToSegment(p: Point, s: Segment): number {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return Math.hypot(p.x - s.a.x, p.y - s.a.y);
  const t = Math.max(0, Math.min(1, ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / len2));
  return Math.hypot(p.x - (s.a.x + t * dx), p.y - (s.a.y + t * dy));
}

/** `p` lies on the segment (ends included) within `tolerance`. */
export function pointOnSegment(p: Point, s: Segment, tolerance: number): boolean {
  return distanceToSegment(p, s) <= tolerance;
}

/**
 * The part of the segment inside `r` as parameters [t0, t1] along a→b (Liang–Barsky clipping),
 * or undefined when the segment misses the rectangle.
 */
export function clipSegmentToRect(s: Segment, r: Rect): [number, number] | undefined {
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, s.a.x - r.minX],
    [dx, r.maxX - s.a.x],
    [-dy, s.a.y - r.minY],
    [dy, r.maxY - s.a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return undefined;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return undefined;
      if (t < t1) t1 = t;
    }
  }
  return [t0, t1];
}

/**
 * True when the segment passes through the INTERIOR of `r` shrunk by `tolerance` on every side:
 * a wire running along a box's edge, or ending on it, does not enter it. Exact geometry (no
 * sampling), so a wire clipping a corner by a visible amount is always caught.
 */
export function segmentEntersRect(s: Segment, r: Rect, tolerance: number): boolean {
  const inner = rectInflate(r, -tolerance);
  if (inner.minX >= inner.maxX || inner.minY >= inner.maxY) return false;
  const clipped = clipSegmentToRect(s, inner);
  if (!clipped) return false;
  const [t0, t1] = clipped;
  // A zero-length wire inside the box counts; otherwise touching one corner point is not a run.
  return segmentLength(s) === 0 || t1 > t0;
}

/**
 * Where the two segments cross at a single point inside BOTH of them (not at an end of either,
 * allowing `tolerance`), or undefined. Collinear overlaps and touching ends are joins, not
 * crossings.
 */
export function properCrossing(s: Segment, t: Segment, tolerance: number): Point | undefined {
  const rx = s.b.x - s.a.x;
  const ry = s.b.y - s.a.y;
  const qx = t.b.x - t.a.x;
  const qy = t.b.y - t.a.y;
  const denom = rx * qy - ry * qx;
  const lenS = Math.hypot(rx, ry);
  const lenT = Math.hypot(qx, qy);
  // Parallel (or degenerate) strokes never cross at a single point.
  if (lenS === 0 || lenT === 0 || Math.abs(denom) < 1e-12 * lenS * lenT) return undefined;
  const wx = t.a.x - s.a.x;
  const wy = t.a.y - s.a.y;
  const u = (wx * qy - wy * qx) / denom;
  const v = (wx * ry - wy * rx) / denom;
  const epsU = tolerance / lenS;
  const epsV = tolerance / lenT;
  if (u <= epsU || u >= 1 - epsU || v <= epsV || v >= 1 - epsV) return undefined;
  return { x: s.a.x + u * rx, y: s.a.y + u * ry };
}
