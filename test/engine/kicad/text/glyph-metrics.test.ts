import { describe, expect, it } from "vitest";
import { glyphMetrics } from "../../../../engine/kicad/text/glyph-metrics.js";
import { textExtent } from "../../../../engine/kicad/text/text-extent.js";

describe("glyphMetrics", () => {
  it("returns the calibrated glyph, italic when asked", () => {
    expect(glyphMetrics("H").advance).toBeCloseTo(22 / 21, 3); // Newstroke's H is 22 units of 21
    expect(glyphMetrics("H", true).ink).not.toEqual(glyphMetrics("H").ink);
  });

  it("gives characters outside the table a typical letter's size", () => {
    const unknown = glyphMetrics("漢");
    expect(unknown.advance).toBeGreaterThan(glyphMetrics("i").advance);
    expect(unknown.advance).toBeLessThan(glyphMetrics("W").advance);
    expect(textExtent("漢字", { size: [1.27, 1.27] }).width).toBeGreaterThan(1);
  });

  it("advances a tab by four spaces and draws nothing for it", () => {
    expect(glyphMetrics("\t")).toEqual({ advance: 4 * glyphMetrics(" ").advance, ink: null });
  });
});
