import { describe, expect, it } from "vitest";
import {
  fractionalRanks,
  spearman,
} from "../../../../../engine/kicad/score/calibrate/rank-correlation.js";

describe("spearman", () => {
  it("is 1 when the scores order the sheets as the reviewer did, -1 reversed", () => {
    expect(spearman([1, 2, 3, 4], [90, 80, 70, 60])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [60, 70, 80, 90])).toBeCloseTo(-1, 12);
  });
  it("matches the textbook value with one swap (1 − 6Σd²/(n(n²−1)))", () => {
    // Ranks 1..5, scores order them 1,2,4,3,5: Σd² = 2, rho = 1 − 12/120 = 0.9.
    expect(spearman([1, 2, 3, 4, 5], [50, 40, 20, 30, 10])).toBeCloseTo(0.9, 12);
  });
  it("shares ranks between tied scores", () => {
    expect(fractionalRanks([10, 20, 20, 5])).toEqual([3, 1.5, 1.5, 4]);
  });
  it("refuses lists of different lengths", () => {
    expect(() => spearman([1, 2, 3], [1, 2])).toThrow(/equally long/);
  });
});
