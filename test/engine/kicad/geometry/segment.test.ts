import { describe, expect, it } from "vitest";
import {
  distanceToSegment,
  pointOnSegment,
  properCrossing,
  segmentEntersRect,
} from "../../../../engine/kicad/geometry/segment.js";

const seg = (ax: number, ay: number, bx: number, by: number) => ({
  a: { x: ax, y: ay },
  b: { x: bx, y: by },
});
const box = { minX: 10, minY: 10, maxX: 20, maxY: 20 };

describe("segment", () => {
  it("measures distance to the nearest point, ends included", () => {
    expect(distanceToSegment({ x: 5, y: 3 }, seg(0, 0, 10, 0))).toBe(3);
    expect(distanceToSegment({ x: 13, y: 4 }, seg(0, 0, 10, 0))).toBe(5);
    expect(pointOnSegment({ x: 5, y: 0.005 }, seg(0, 0, 10, 0), 0.01)).toBe(true);
    expect(pointOnSegment({ x: 5, y: 0.05 }, seg(0, 0, 10, 0), 0.01)).toBe(false);
  });

  it("enters a box only through its interior, not along or onto an edge", () => {
    expect(segmentEntersRect(seg(0, 15, 30, 15), box, 0.01)).toBe(true);
    expect(segmentEntersRect(seg(0, 15, 12, 15), box, 0.01)).toBe(true);
    expect(segmentEntersRect(seg(0, 10, 30, 10), box, 0.01)).toBe(false);
    expect(segmentEntersRect(seg(0, 15, 10, 15), box, 0.01)).toBe(false);
    expect(segmentEntersRect(seg(0, 0, 30, 5), box, 0.01)).toBe(false);
    // A diagonal clipping a corner by a visible amount is caught (no sampling gaps).
    expect(segmentEntersRect(seg(9, 12.5, 12.5, 9), box, 0.01)).toBe(true);
    expect(segmentEntersRect(seg(15, 15, 15, 15), box, 0.01)).toBe(true);
  });

  it("crosses only inside both segments, never at an end", () => {
    expect(properCrossing(seg(0, 5, 10, 5), seg(5, 0, 5, 10), 0.01)).toEqual({ x: 5, y: 5 });
    expect(properCrossing(seg(0, 5, 10, 5), seg(5, 5, 5, 10), 0.01)).toBeUndefined();
    expect(properCrossing(seg(0, 5, 10, 5), seg(0, 6, 10, 6), 0.01)).toBeUndefined();
  });
});
