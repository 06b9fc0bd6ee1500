import { maxOf, minOf } from "../../../array-ops.js";
import type { Point } from "../../geometry/point.js";

/**
 * A piece of copper as the router sees it, in board mm: a convex polygon (rectangular pads,
 * rounded rectangles by their enclosing rectangle) or a capsule (round and oval pads, tracks,
 * vias — a circle is a capsule with a = b). Both are convex, so an obstacle grown by a radius R
 * has no corner sharper than R: what the grid's chord argument (route-grid.ts) relies on.
 */
export type CopperShape =
  | { readonly kind: "polygon"; readonly points: readonly Point[] }
  | { readonly kind: "capsule"; readonly a: Point; readonly b: Point; readonly radius: number };

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Distance from `p` to the shape's copper; 0 inside. */
export function shapeDistance(shape: CopperShape, p: Point): number {
  if (shape.kind === "capsule")
    return Math.max(0, segmentDistance(p, shape.a, shape.b) - shape.radius);
  const pts = shape.points;
  let inside = true;
  let sign = 0;
  let best = Infinity;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as Point;
    const b = pts[(i + 1) % pts.length] as Point;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross !== 0) {
      const s = Math.sign(cross);
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
    best = Math.min(best, segmentDistance(p, a, b));
  }
  return inside ? 0 : best;
}

/** The shape's bounding box. */
export function shapeBox(shape: CopperShape): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  if (shape.kind === "capsule") {
    const r = shape.radius;
    return {
      minX: Math.min(shape.a.x, shape.b.x) - r,
      minY: Math.min(shape.a.y, shape.b.y) - r,
      maxX: Math.max(shape.a.x, shape.b.x) + r,
      maxY: Math.max(shape.a.y, shape.b.y) + r,
    };
  }
  const xs = shape.points.map((p) => p.x);
  const ys = shape.points.map((p) => p.y);
  return {
    minX: minOf(xs),
    minY: minOf(ys),
    maxX: maxOf(xs),
    maxY: maxOf(ys),
  };
}
