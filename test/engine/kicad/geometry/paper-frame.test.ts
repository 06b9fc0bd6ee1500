import { describe, expect, it } from "vitest";
import { drawingFrame } from "../../../../engine/kicad/geometry/frame.js";
import { paperSize } from "../../../../engine/kicad/geometry/paper.js";

describe("paper and drawing frame", () => {
  it("uses KiCad's mil-based sizes, portrait swapped, User as given", () => {
    expect(paperSize({ name: "A4" })).toEqual({ name: "A4", width: 297.0022, height: 210.0072 });
    expect(paperSize({ name: "A3", portrait: true })).toMatchObject({
      width: 297.0022,
      height: 419.989,
    });
    expect(paperSize({ name: "User", width: 100, height: 80 })).toMatchObject({
      width: 100,
      height: 80,
    });
    expect(paperSize({ name: "User" })).toBeUndefined();
    expect(paperSize({ name: "Z9" })).toBeUndefined();
  });

  it("matches the frame kicad-cli draws on an empty A4 sheet", () => {
    // Measured from `kicad-cli sch export svg`: inner border at 12 mm, title block
    // (177.0022, 166.0072)–(285.0022, 198.0072).
    const frame = drawingFrame(paperSize({ name: "A4" })!);
    expect(frame.usable).toEqual({ minX: 12, minY: 12, maxX: 285.0022, maxY: 198.0072 });
    expect(frame.titleBlock.minX).toBeCloseTo(177.0022, 4);
    expect(frame.titleBlock.minY).toBeCloseTo(166.0072, 4);
  });

  it("keeps a tiny page's title block within half its width and a quarter of its height", () => {
    const frame = drawingFrame({ name: "User", width: 100, height: 60 });
    expect(frame.titleBlock.maxX - frame.titleBlock.minX).toBeCloseTo(38);
    expect(frame.titleBlock.maxY - frame.titleBlock.minY).toBeCloseTo(9);
  });
});
