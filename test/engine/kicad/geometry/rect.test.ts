import { describe, expect, it } from "vitest";
import {
  rectContains,
  rectFromCorners,
  rectFromPoints,
  rectGap,
  rectInflate,
  rectIntersection,
  rectsOverlap,
  rectUnionAll,
} from "../../../../engine/kicad/geometry/rect.js";
import { RectIndex } from "../../../../engine/kicad/geometry/rect-index.js";

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({
  minX,
  minY,
  maxX,
  maxY,
});

describe("rect", () => {
  it("normalizes corners given in any order", () => {
    expect(rectFromCorners({ x: 5, y: 1 }, { x: 2, y: 4 })).toEqual(box(2, 1, 5, 4));
    expect(rectFromPoints([])).toBeUndefined();
    expect(
      rectFromPoints([
        { x: 3, y: 9 },
        { x: -1, y: 2 },
        { x: 0, y: 0 },
      ]),
    ).toEqual(box(-1, 0, 3, 9));
  });

  it("counts overlap only beyond the tolerance on both axes", () => {
    expect(rectsOverlap(box(0, 0, 2, 2), box(1, 1, 3, 3), 0.01)).toBe(true);
    // Touching edges, or overlapping by rounding noise, is not an overlap.
    expect(rectsOverlap(box(0, 0, 2, 2), box(2, 0, 4, 2), 0.01)).toBe(false);
    expect(rectsOverlap(box(0, 0, 2, 2), box(1.995, 0, 4, 2), 0.01)).toBe(false);
    expect(rectsOverlap(box(0, 0, 2, 2), box(1.9, 0, 4, 2), 0.01)).toBe(true);
  });

  it("measures the edge-to-edge gap, diagonally as a distance", () => {
    expect(rectGap(box(0, 0, 1, 1), box(4, 0, 5, 1))).toBeCloseTo(3);
    expect(rectGap(box(0, 0, 1, 1), box(4, 5, 5, 6))).toBeCloseTo(5);
    expect(rectGap(box(0, 0, 2, 2), box(1, 1, 3, 3))).toBe(0);
  });

  it("contains with tolerance, intersects, unions and inflates without inverting", () => {
    expect(rectContains(box(0, 0, 10, 10), box(-0.005, 1, 10.005, 2), 0.01)).toBe(true);
    expect(rectContains(box(0, 0, 10, 10), box(-0.5, 1, 9, 2), 0.01)).toBe(false);
    expect(rectIntersection(box(0, 0, 2, 2), box(1, 1, 3, 3))).toEqual(box(1, 1, 2, 2));
    expect(rectIntersection(box(0, 0, 1, 1), box(2, 2, 3, 3))).toBeUndefined();
    expect(rectUnionAll([box(0, 0, 1, 1), box(2, -1, 3, 0)])).toEqual(box(0, -1, 3, 1));
    expect(rectInflate(box(0, 0, 1, 1), -2)).toEqual(box(0.5, 0.5, 0.5, 0.5));
  });
});

describe("RectIndex", () => {
  it("finds exactly the items near a query, each once, in insertion order", () => {
    const index = new RectIndex(5);
    const long = index.add(box(0, 0, 12, 1));
    const far = index.add(box(30, 30, 31, 31));
    const near = index.add(box(9, 0, 10, 1));
    expect(index.query(box(8, 0, 9, 1))).toEqual([long, near]);
    expect(index.query(box(28, 28, 29, 29), 1)).toEqual([far]);
    expect(index.query(box(28, 28, 29, 29))).toEqual([]);
    expect(index.rect(near)).toEqual(box(9, 0, 10, 1));
  });

  it("stays correct past its first growth and across many queries", () => {
    const index = new RectIndex(1);
    for (let i = 0; i < 200; i++) index.add(box(i, 0, i + 0.5, 0.5));
    for (let q = 0; q < 3; q++) expect(index.query(box(150, 0, 152.9, 1))).toEqual([150, 151, 152]);
    expect(index.size).toBe(200);
  });
});
