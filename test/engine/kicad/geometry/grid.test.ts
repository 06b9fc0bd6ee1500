import { describe, expect, it } from "vitest";
import { isOnGrid, snapPointToGrid, snapToGrid } from "../../../../engine/kicad/geometry/grid.js";

describe("grid", () => {
  it("snaps to the nearest multiple without float noise", () => {
    expect(snapToGrid(3.9, 1.27)).toBe(3.81);
    expect(snapToGrid(-0.4, 1.27)).toBe(0);
    expect(snapPointToGrid({ x: 100.33, y: 50.2 }, 1.27)).toEqual({ x: 100.33, y: 50.8 });
  });

  it("accepts points within the tolerance only", () => {
    expect(isOnGrid(81.28, 1.27, 0.01)).toBe(true);
    expect(isOnGrid(81.285, 1.27, 0.01)).toBe(true);
    expect(isOnGrid(81.78, 1.27, 0.01)).toBe(false);
  });
});
