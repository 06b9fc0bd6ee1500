import { describe, expect, it } from "vitest";
import type { Segment } from "../../../../engine/kicad/geometry/segment.js";
import { wireStats } from "../../../../engine/kicad/score/wire-geometry.js";

const seg = (x1: number, y1: number, x2: number, y2: number): Segment => ({
  a: { x: x1, y: y1 },
  b: { x: x2, y: y2 },
});

describe("wireStats", () => {
  it("counts two wires crossing through each other's middle as one crossing", () => {
    const stats = wireStats([seg(0, 10, 20, 10), seg(10, 0, 10, 20)], [], []);
    expect(stats.crossings).toBe(1);
    expect(stats.segments).toBe(2);
  });

  it("does not count a crossing with a junction on it: that is a four-way connection", () => {
    const stats = wireStats([seg(0, 10, 20, 10), seg(10, 0, 10, 20)], [{ x: 10, y: 10 }], []);
    expect(stats.crossings).toBe(0);
  });

  it("does not count a T (one wire ending on the other's middle) as a crossing", () => {
    const stats = wireStats([seg(0, 10, 20, 10), seg(10, 10, 10, 20)], [], []);
    expect(stats.crossings).toBe(0);
    // The stem and the bar are two separate straight runs; a T is not a corner.
    expect(stats).toMatchObject({ bends: 0, runs: 2, straightRuns: 2 });
  });

  it("does not count wires meeting end to end, or lying on top of each other", () => {
    expect(wireStats([seg(0, 0, 10, 0), seg(10, 0, 10, 10)], [], []).crossings).toBe(0);
    expect(wireStats([seg(0, 0, 10, 0), seg(5, 0, 15, 0)], [], []).crossings).toBe(0);
  });

  it("counts slanted crossings, each pair once", () => {
    const x = wireStats([seg(0, 0, 10, 10), seg(0, 10, 10, 0)], [], []);
    expect(x.crossings).toBe(1);
    // Add a horizontal below the diagonals' crossing: it crosses each diagonal once (1 + 2).
    const three = wireStats([seg(0, 0, 10, 10), seg(0, 10, 10, 0), seg(0, 2, 10, 2)], [], []);
    expect(three.crossings).toBe(3);
  });

  it("counts a corner where exactly two wire ends meet and turn", () => {
    const l = wireStats([seg(0, 0, 10, 0), seg(10, 0, 10, 10)], [], []);
    expect(l).toMatchObject({ bends: 1, runs: 1, straightRuns: 0 });
  });

  it("treats a wire split in two collinear pieces as one straight run", () => {
    const split = wireStats([seg(0, 0, 10, 0), seg(10, 0, 20, 0)], [], []);
    expect(split).toMatchObject({ bends: 0, runs: 1, straightRuns: 1 });
  });

  it("ends a run where something attaches, even at a corner", () => {
    const withPin = wireStats([seg(0, 0, 10, 0), seg(10, 0, 10, 10)], [], [{ x: 10, y: 0 }]);
    expect(withPin).toMatchObject({ bends: 1, runs: 2, straightRuns: 2 });
  });

  it("does not see a corner where three wire ends meet", () => {
    const star = wireStats([seg(0, 0, 10, 0), seg(10, 0, 10, 10), seg(10, 0, 20, 0)], [], []);
    expect(star).toMatchObject({ bends: 0, runs: 3, straightRuns: 3 });
  });

  it("adds up the length and ignores zero-length wires", () => {
    const stats = wireStats([seg(0, 0, 3, 4), seg(5, 5, 5, 5), seg(10, 0, 10, 2.54)], [], []);
    expect(stats.segments).toBe(2);
    expect(stats.length).toBeCloseTo(5 + 2.54, 9);
  });

  it("measures nothing for no wires", () => {
    expect(wireStats([], [], [])).toEqual({
      segments: 0,
      length: 0,
      crossings: 0,
      bends: 0,
      runs: 0,
      straightRuns: 0,
    });
  });
});
