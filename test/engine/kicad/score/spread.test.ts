import { describe, expect, it } from "vitest";
import { quantile, spread } from "../../../../engine/kicad/score/calibrate/spread.js";

describe("quantile (linear interpolation, type 7)", () => {
  it("interpolates between order statistics, whatever the input order", () => {
    // Sorted: 1 2 3 4 10. p25 sits at rank 1 (0-based) → 2; p75 at rank 3 → 4; the median at 2.
    expect(spread([10, 3, 1, 4, 2])).toEqual({ min: 1, p25: 2, median: 3, p75: 4, max: 10 });
    // Four values: p25 at rank 0.75 → 1 + 0.75 · (2 − 1).
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
  });

  it("refuses an empty sample", () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});
