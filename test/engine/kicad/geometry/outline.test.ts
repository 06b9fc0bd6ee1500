import { describe, expect, it } from "vitest";
import {
  arcOutline,
  circleOutline,
  outlineContainsPoint,
  outlineIntersectsRect,
  outlineIntersectsSegment,
  outlinesIntersect,
  rectangleOutline,
} from "../../../../engine/kicad/geometry/outline.js";

const p = (x: number, y: number) => ({ x, y });
const box = (minX: number, minY: number, maxX: number, maxY: number) => ({
  minX,
  minY,
  maxX,
  maxY,
});
// An op-amp-like triangle: tip at the right, base on the left.
const triangle = { points: [p(0, 0), p(10, 5), p(0, 10)], closed: true };

describe("outline", () => {
  it("hits a rectangle through a stroke or by enclosing it, not by sharing a bounding box", () => {
    expect(outlineIntersectsRect(triangle, box(4, 4, 6, 6), 0.01)).toBe(true);
    expect(outlineIntersectsRect(triangle, box(6, 0, 9, 1.5), 0.01)).toBe(false);
    expect(outlineIntersectsRect(triangle, box(6, 2, 9, 4), 0.01)).toBe(true);
    const open = { points: [p(0, 0), p(10, 0)], closed: false };
    expect(outlineIntersectsRect(open, box(2, -1, 3, 1), 0.01)).toBe(true);
    expect(outlineIntersectsRect(open, box(2, 0.5, 3, 1), 0.01)).toBe(false);
  });

  it("is crossed by a wire through a stroke or lying inside, not by one ending on it", () => {
    expect(outlineIntersectsSegment(triangle, { a: p(-5, 5), b: p(15, 5) }, 0.01)).toBe(true);
    expect(outlineIntersectsSegment(triangle, { a: p(2, 4), b: p(3, 6) }, 0.01)).toBe(true);
    expect(outlineIntersectsSegment(triangle, { a: p(-5, 5), b: p(0, 5) }, 0.01)).toBe(false);
    expect(outlineIntersectsSegment(triangle, { a: p(8, 0), b: p(12, 0) }, 0.01)).toBe(false);
  });

  it("overlaps another outline when strokes cross or one lies in the other, equal boxes included", () => {
    const a = rectangleOutline(p(0, 0), p(4, 4));
    expect(outlinesIntersect(a, rectangleOutline(p(0, 0), p(4, 4)), 0.01)).toBe(true);
    expect(outlinesIntersect(a, rectangleOutline(p(0, 2), p(4, 6)), 0.01)).toBe(true);
    expect(outlinesIntersect(a, rectangleOutline(p(1, 1), p(2, 2)), 0.01)).toBe(true);
    expect(outlinesIntersect(a, rectangleOutline(p(4, 0), p(8, 4)), 0.01)).toBe(false);
    expect(outlinesIntersect(triangle, rectangleOutline(p(8, 0), p(12, 2)), 0.01)).toBe(false);
  });

  it("flattens circles and arcs with their extremes kept", () => {
    const c = circleOutline(p(5, 5), 2);
    expect(Math.min(...c.points.map((q) => q.x))).toBeCloseTo(3, 6);
    expect(Math.max(...c.points.map((q) => q.y))).toBeCloseTo(7, 6);
    expect(outlineContainsPoint(c, p(5, 5))).toBe(true);
    // A half circle from (0,0) over the top (y down: through (1,-1)) to (2,0).
    const arc = arcOutline(p(0, 0), p(1, -1), p(2, 0));
    expect(Math.min(...arc.points.map((q) => q.y))).toBeCloseTo(-1, 2);
    expect(Math.max(...arc.points.map((q) => q.y))).toBeCloseTo(0, 6);
    expect(arc.closed).toBe(false);
  });
});
