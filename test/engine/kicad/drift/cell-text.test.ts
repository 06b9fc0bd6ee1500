import { describe, expect, it } from "vitest";
import { cellText } from "../../../../engine/kicad/drift/cell-text.js";

describe("cellText", () => {
  it("unwraps inline code, links and images", () => {
    expect(cellText("`RC0402FR-0710KL`")).toBe("RC0402FR-0710KL");
    expect(cellText("[LM358](https://www.ti.com/lm358)")).toBe("LM358");
    expect(cellText("![logo](logo.png) U1")).toBe("logo U1");
    expect(cellText("see [datasheet][ds]")).toBe("see datasheet");
  });

  it("drops emphasis but keeps snake_case net names", () => {
    expect(cellText("**10k**")).toBe("10k");
    expect(cellText("*GND*")).toBe("GND");
    expect(cellText("SPI1_MISO_DATA")).toBe("SPI1_MISO_DATA");
    expect(cellText("_x_")).toBe("x");
  });

  it("removes HTML and escapes, collapses whitespace", () => {
    expect(cellText("10k<br>1%")).toBe("10k 1%");
    expect(cellText("\\*not emphasis\\*")).toBe("*not emphasis*");
    expect(cellText("  R1 ,   R2 ")).toBe("R1 , R2");
  });

  it("leaves code span content untouched", () => {
    expect(cellText("`**raw**`")).toBe("**raw**");
  });
});
