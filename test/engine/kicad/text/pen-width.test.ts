import { describe, expect, it } from "vitest";
import { drawnPenWidth, geometryPenWidth } from "../../../../engine/kicad/text/pen-width.js";

// The expected numbers are kicad-cli 9.0.8 SVG stroke widths (see pen-width.ts).
describe("pen widths", () => {
  it("draws default text with the schematic line width and bold text at size / 5", () => {
    expect(drawnPenWidth({ size: [1.27, 1.27] })).toBeCloseTo(0.1524, 6);
    expect(drawnPenWidth({ size: [1.27, 1.27], thickness: 0 })).toBeCloseTo(0.1524, 6);
    expect(drawnPenWidth({ size: [1.27, 1.27], bold: true })).toBeCloseTo(0.254, 6);
  });

  it("clamps to a quarter of the size and to KiCad's thinnest pen", () => {
    expect(drawnPenWidth({ size: [1.27, 1.27], thickness: 1 })).toBeCloseTo(0.3175, 6);
    expect(drawnPenWidth({ size: [0.5, 0.5] })).toBeCloseTo(0.125, 6);
    expect(drawnPenWidth({ size: [2.54, 2.54], thickness: 0.01 })).toBeCloseTo(0.0847, 6);
  });

  it("sizes label and field geometry with size / 8 unless a thickness is given", () => {
    expect(geometryPenWidth({ size: [2.54, 2.54] })).toBeCloseTo(0.3175, 6);
    expect(geometryPenWidth({ size: [2.54, 2.54], bold: true })).toBeCloseTo(0.508, 6);
    expect(geometryPenWidth({ size: [2.54, 2.54], thickness: 0.2 })).toBeCloseTo(0.2, 6);
  });
});
