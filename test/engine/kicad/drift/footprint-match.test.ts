import { describe, expect, it } from "vitest";
import { footprintMatches } from "../../../../engine/kicad/drift/footprint-match.js";

describe("footprintMatches", () => {
  const fp = "Resistor_SMD:R_0402_1005Metric";
  it("accepts the full name, the name alone, or the package", () => {
    expect(footprintMatches(fp, fp)).toBe(true);
    expect(footprintMatches("R_0402_1005Metric", fp)).toBe(true);
    expect(footprintMatches("0402", fp)).toBe(true);
    expect(footprintMatches("resistor_smd:r_0402_1005metric", fp)).toBe(true);
    expect(footprintMatches("SOIC-8", "Package_SO:SOIC-8_3.9x4.9mm_P1.27mm")).toBe(true);
    expect(footprintMatches("SOT-23", "Package_TO_SOT_SMD:SOT-23")).toBe(true);
  });

  it("rejects other packages, including longer variants", () => {
    expect(footprintMatches("0603", fp)).toBe(false);
    expect(footprintMatches("SOT-23", "Package_TO_SOT_SMD:SOT-23-5")).toBe(false);
    expect(footprintMatches("SOIC-8", "Package_SO:SOIC-14_3.9x8.7mm_P1.27mm")).toBe(false);
    expect(footprintMatches("0402", "")).toBe(false);
  });
});
