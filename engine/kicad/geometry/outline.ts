import type { Point } from "./point.js";
import {
  type Rect,
  rectCenter,
  rectCorners,
  rectFromPoints,
  rectInflate,
  rectIntersection,
} from "./rect.js";
import { clipSegmentToRect, distanceToSegment, properCrossing, type Segment } from "./segment.js";

/**
 * A drawn shape as a chain of straight strokes: a symbol's rectangle, polyline, circle or arc
 * (curves flattened), a sheet block's box. A `closed` outline also owns its interior — text
 * inside a rectangle or an op-amp triangle reads as belonging to it.
 */
export interface Outline {
  points: Point[];
  closed: boolean;
}

/** Curves become this many straight strokes per full turn: < 0.1 mm error up to r ≈ 10 mm. */
const SEGMENTS_PER_TURN = 32;

export function rectangleOutline(a: Point, b: Point): Outline {
  const r = rectFromPoints([a, b])!;
  return { points: rectCorners(r), closed: true };
}

export function circleOutline(center: Point, radius: number): Outline {
  const points: Point[] = [];
  for (let i = 0; i < SEGMENTS_PER_TURN; i++) {
    const t = (2 * Math.PI * i) / SEGMENTS_PER_TURN;
    points.push({ x: center.x + radius * Math.cos(t), y: center.y + radius * Math.sin(t) });
  }
  return { points, closed: true };
}

/** An arc from `start` through `mid` to `end`, flattened; a degenerate arc is its chord. */
export function arcOutline(start: Point, mid: Point, end: Point): Outline {
  const c = circumcenter(start, mid, end);
  if (!c) return { points: [start, end], closed: false };
  const r = Math.hypot(start.x - c.x, start.y - c.y);
  const a0 = Math.atan2(start.y - c.y, start.x - c.x);
  const turn = 2 * Math.PI;
  const ccw = (from: number, to: number) => (((to - from) % turn) + turn) % turn;
  const sweepCcw = ccw(a0, Math.atan2(end.y - c.y, end.x - c.x));
  const midCcw = ccw(a0, Math.atan2(mid.y - c.y, mid.x - c.x));
  const sweep = midCcw <= sweepCcw ? sweepCcw : sweepCcw - turn;
  const steps = Math.max(2, Math.ceil((Math.abs(sweep) / turn) * SEGMENTS_PER_TURN));
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = a0 + (sweep * i) / steps;
    points.push({ x: c.x + r * Math.cos(t), y: c.y + r * Math.sin(t) });
  }
  return { points, closed: false };
}

/** The centre of the circle through three points; undefined when they are collinear. */
export function circumcenter(a: Point, b: Point, c: Point): Point | undefined {
  const d = 2 * (a.x * (b.y - c.y) + b.x * (c.y - a.y) + c.x * (a.y - b.y));
  if (Math.abs(d) < 1e-12) return undefined;
  const a2 = a.x * a.x + a.y * a.y;
  const b2 = b.x * b.x + b.y * b.y;
  const c2 = c.x * c.x + c.y * c.y;
  return {
    x: (a2 * (b.y - c.y) + b2 * (c.y - a.y) + c2 * (a.y - b.y)) / d,
    y: (a2 * (c.x - b.x) + b2 * (a.x - c.x) + c2 * (b.x - a.x)) / d,
  };
}

export function outlineBounds(o: Outline): Rect | undefined {
  return rectFromPoints(o.points);
}

/** The strokes of an outline (a closed one includes the closing stroke). */
export function outlineSegments(o: Outline): Segment[] {
  const out: Segment[] = [];
  for (let i = 1; i < o.points.length; i++) out.push({ a: o.points[i - 1]!, b: o.points[i]! });
  if (o.closed && o.points.length > 2)
    out.push({ a: o.points[o.points.length - 1]!, b: o.points[0]! });
  return out;
}

/** Even–odd point-in-polygon for a closed outline (points on the boundary may go either way). */
export function outlineContainsPoint(o: Outline, p: Point): boolean {
  if (!o.closed || o.points.length < 3) return false;
  let inside = false;
  const pts = o.points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i]!;
    const b = pts[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/** `p` is inside a closed outline and at least `tolerance` away from its strokes. */
export function outlineStrictlyContainsPoint(o: Outline, p: Point, tolerance: number): boolean {
  return (
    outlineContainsPoint(o, p) &&
    outlineSegments(o).every((s) => distanceToSegment(p, s) > tolerance)
  );
}

/**
 * The outline and the rectangle share more than a touch: a stroke passes through the
 * rectangle's interior shrunk by `tolerance`, or the rectangle sits inside a closed outline.
 */
export function outlineIntersectsRect(o: Outline, r: Rect, tolerance: number): boolean {
  const inner = rectInflate(r, -tolerance);
  if (inner.minX >= inner.maxX || inner.minY >= inner.maxY) return false;
  for (const s of outlineSegments(o)) {
    const clipped = clipSegmentToRect(s, inner);
    if (clipped && clipped[1] > clipped[0]) return true;
  }
  if (o.points.length === 1) {
    const p = o.points[0]!;
    if (p.x > inner.minX && p.x < inner.maxX && p.y > inner.minY && p.y < inner.maxY) return true;
  }
  return outlineContainsPoint(o, rectCenter(inner));
}

/**
 * The wire `s` crosses a stroke of the outline (not merely touching it at one of the wire's
 * ends), or runs inside a closed outline.
 */
export function outlineIntersectsSegment(o: Outline, s: Segment, tolerance: number): boolean {
  for (const edge of outlineSegments(o)) {
    if (segmentsCross(s, edge, tolerance)) return true;
  }
  const mid = { x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 };
  return [s.a, mid, s.b].some((p) => outlineStrictlyContainsPoint(o, p, tolerance));
}

/** Two outlines overlap: strokes cross, or one lies inside the other's closed interior. */
export function outlinesIntersect(a: Outline, b: Outline, tolerance: number): boolean {
  const sa = outlineSegments(a);
  const sb = outlineSegments(b);
  for (const x of sa) for (const y of sb) if (segmentsCross(x, y, tolerance)) return true;
  if (
    a.points.some((p) => outlineStrictlyContainsPoint(b, p, tolerance)) ||
    b.points.some((p) => outlineStrictlyContainsPoint(a, p, tolerance))
  ) {
    return true;
  }
  // Shapes with coinciding edges (two equal rectangles) cross nowhere and share no strictly
  // inner vertex; the middle of their common box then decides (exact for rectangles).
  const ba = outlineBounds(a);
  const bb = outlineBounds(b);
  const common = ba && bb ? rectIntersection(ba, bb) : undefined;
  if (!common) return false;
  const c = rectCenter(common);
  return (
    outlineStrictlyContainsPoint(a, c, tolerance) && outlineStrictlyContainsPoint(b, c, tolerance)
  );
}

/** Two strokes cross at a point interior to both (see properCrossing). */
export function segmentsCross(s: Segment, t: Segment, tolerance: number): boolean {
  return properCrossing(s, t, tolerance) !== undefined;
}
