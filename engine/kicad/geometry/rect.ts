import type { Point } from "./point.js";

/**
 * An axis-aligned rectangle in sheet mm, always normalized (min ≤ max). Every box the checkers
 * reason about — symbol bodies, text, labels, groups, the drawing frame — is one of these.
 */
export interface Rect {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The rectangle spanned by two opposite corners, in either order. */
export function rectFromCorners(a: Point, b: Point): Rect {
  return {
    minX: Math.min(a.x, b.x),
    minY: Math.min(a.y, b.y),
    maxX: Math.max(a.x, b.x),
    maxY: Math.max(a.y, b.y),
  };
}

/** The bounding box of a set of points; undefined for none. */
export function rectFromPoints(points: Iterable<Point>): Rect | undefined {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return minX > maxX ? undefined : { minX, minY, maxX, maxY };
}

/** A rectangle of size `width` × `height` whose top-left corner is `origin`. */
export function rectAt(origin: Point, width: number, height: number): Rect {
  return rectFromCorners(origin, { x: origin.x + width, y: origin.y + height });
}

export function rectWidth(r: Rect): number {
  return r.maxX - r.minX;
}

export function rectHeight(r: Rect): number {
  return r.maxY - r.minY;
}

export function rectArea(r: Rect): number {
  return rectWidth(r) * rectHeight(r);
}

export function rectCenter(r: Rect): Point {
  return { x: (r.minX + r.maxX) / 2, y: (r.minY + r.maxY) / 2 };
}

/** The smallest rectangle holding both. */
export function rectUnion(a: Rect, b: Rect): Rect {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/** The union of many rectangles; undefined for none. */
export function rectUnionAll(rects: Iterable<Rect>): Rect | undefined {
  let out: Rect | undefined;
  for (const r of rects) out = out ? rectUnion(out, r) : r;
  return out;
}

/** The common part of two rectangles, or undefined when they do not share any area or edge. */
export function rectIntersection(a: Rect, b: Rect): Rect | undefined {
  const minX = Math.max(a.minX, b.minX);
  const minY = Math.max(a.minY, b.minY);
  const maxX = Math.min(a.maxX, b.maxX);
  const maxY = Math.min(a.maxY, b.maxY);
  return minX <= maxX && minY <= maxY ? { minX, minY, maxX, maxY } : undefined;
}

/** Grows (or, with a negative margin, shrinks) every side by `margin`; never inverts. */
export function rectInflate(r: Rect, margin: number): Rect {
  const minX = r.minX - margin;
  const maxX = r.maxX + margin;
  const minY = r.minY - margin;
  const maxY = r.maxY + margin;
  const cx = (r.minX + r.maxX) / 2;
  const cy = (r.minY + r.maxY) / 2;
  return {
    minX: minX <= maxX ? minX : cx,
    maxX: minX <= maxX ? maxX : cx,
    minY: minY <= maxY ? minY : cy,
    maxY: minY <= maxY ? maxY : cy,
  };
}

export function rectTranslate(r: Rect, dx: number, dy: number): Rect {
  return { minX: r.minX + dx, minY: r.minY + dy, maxX: r.maxX + dx, maxY: r.maxY + dy };
}

/**
 * True when the interiors overlap by more than `tolerance` along BOTH axes: boxes that merely
 * touch, or overlap by rounding noise, do not count.
 */
export function rectsOverlap(a: Rect, b: Rect, tolerance: number): boolean {
  return overlapX(a, b) > tolerance && overlapY(a, b) > tolerance;
}

/** How far the two rectangles overlap along x (negative: the gap between them). */
export function overlapX(a: Rect, b: Rect): number {
  return Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
}

/** How far the two rectangles overlap along y (negative: the gap between them). */
export function overlapY(a: Rect, b: Rect): number {
  return Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
}

/** `inner` lies inside `outer`, allowing `tolerance` of spill on each side. */
export function rectContains(outer: Rect, inner: Rect, tolerance: number): boolean {
  return (
    inner.minX >= outer.minX - tolerance &&
    inner.minY >= outer.minY - tolerance &&
    inner.maxX <= outer.maxX + tolerance &&
    inner.maxY <= outer.maxY + tolerance
  );
}

/** `p` lies inside `r` or on its edge, within `tolerance`. */
export function rectContainsPoint(r: Rect, p: Point, tolerance: number): boolean {
  return (
    p.x >= r.minX - tolerance &&
    p.x <= r.maxX + tolerance &&
    p.y >= r.minY - tolerance &&
    p.y <= r.maxY + tolerance
  );
}

/** `p` lies strictly inside `r`, at least `tolerance` away from every edge. */
export function rectStrictlyContainsPoint(r: Rect, p: Point, tolerance: number): boolean {
  return (
    p.x > r.minX + tolerance &&
    p.x < r.maxX - tolerance &&
    p.y > r.minY + tolerance &&
    p.y < r.maxY - tolerance
  );
}

/**
 * The Euclidean edge-to-edge distance between two rectangles: 0 when they touch or overlap,
 * the corner-to-corner distance when they are apart diagonally.
 */
export function rectGap(a: Rect, b: Rect): number {
  const dx = Math.max(0, -overlapX(a, b));
  const dy = Math.max(0, -overlapY(a, b));
  return Math.hypot(dx, dy);
}

/** The distance from a point to the nearest point of the rectangle (0 inside). */
export function rectDistanceToPoint(r: Rect, p: Point): number {
  const dx = Math.max(r.minX - p.x, 0, p.x - r.maxX);
  const dy = Math.max(r.minY - p.y, 0, p.y - r.maxY);
  return Math.hypot(dx, dy);
}

/** The four corners, clockwise from the top-left (y down). */
export function rectCorners(r: Rect): [Point, Point, Point, Point] {
  return [
    { x: r.minX, y: r.minY },
    { x: r.maxX, y: r.minY },
    { x: r.maxX, y: r.maxY },
    { x: r.minX, y: r.maxY },
  ];
}
