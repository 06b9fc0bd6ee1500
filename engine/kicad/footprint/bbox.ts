import type { Rect } from "../geometry/rect.js";
import type { Point } from "./point.js";

/** An axis-aligned bounding box in mm (Y down, so minY is the top edge): the shared Rect. */
export type BBox = Rect;

export function boxOfPoints(points: Iterable<Point>): BBox | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return minX === Infinity ? undefined : { minX, minY, maxX, maxY };
}

export function unionBoxes(a: BBox | undefined, b: BBox | undefined): BBox | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

export function boxWidth(box: BBox): number {
  return box.maxX - box.minX;
}

export function boxHeight(box: BBox): number {
  return box.maxY - box.minY;
}

/** True when `inner` lies inside `outer` (touching counts), with `tolerance` mm of slack. */
export function boxContainsBox(outer: BBox, inner: BBox, tolerance = 0): boolean {
  return (
    inner.minX >= outer.minX - tolerance &&
    inner.minY >= outer.minY - tolerance &&
    inner.maxX <= outer.maxX + tolerance &&
    inner.maxY <= outer.maxY + tolerance
  );
}
