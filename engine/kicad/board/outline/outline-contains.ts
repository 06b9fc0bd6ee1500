import type { Point } from "../../footprint/point.js";
import type { BoardOutline } from "./outline.js";
import { distanceToSegment, polygonContains } from "./segment-geometry.js";

/**
 * Is `p` on the board? Even-odd over the closed loops, so a loop inside the outer edge is a
 * cut-out and a loop inside a cut-out is an island. A point within `tolerance` mm of an edge
 * counts as on the board. Open chains bound nothing and are ignored.
 */
export function outlineContains(outline: BoardOutline, p: Point, tolerance = 0.001): boolean {
  let inside = false;
  for (const loop of outline.loops) {
    const b = loop.box;
    if (p.x < b.minX - tolerance || p.x > b.maxX + tolerance) continue;
    if (p.y < b.minY - tolerance || p.y > b.maxY + tolerance) continue;
    if (onBoundary(loop.points, p, tolerance)) return true;
    if (polygonContains(loop.points, p)) inside = !inside;
  }
  return inside;
}

function onBoundary(points: readonly Point[], p: Point, tolerance: number): boolean {
  const n = points.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    if (distanceToSegment(p, points[j] as Point, points[i] as Point) <= tolerance) return true;
  }
  return false;
}
