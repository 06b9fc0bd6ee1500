import { describe, expect, it } from "vitest";
import {
  orientationTransform,
  placeLibraryPoint,
  swapsAxes,
} from "../../../../engine/kicad/geometry/transform.js";

describe("placement transform", () => {
  // The table of kicad-facts §2.1, verified against kicad-cli ERC pin positions.
  it.each([
    [{ x: 0, y: 3.81 }, { x: 81.28, y: 76.2 }, { rotation: 90 }, { x: 77.47, y: 76.2 }],
    [{ x: 0, y: -3.81 }, { x: 81.28, y: 76.2 }, { rotation: 90 }, { x: 85.09, y: 76.2 }],
    [
      { x: -5.08, y: 0 },
      { x: 50.8, y: 76.2 },
      { rotation: 0, mirror: "y" as const },
      { x: 55.88, y: 76.2 },
    ],
    [
      { x: -5.08, y: -2.54 },
      { x: 50.8, y: 76.2 },
      { rotation: 0, mirror: "y" as const },
      { x: 55.88, y: 78.74 },
    ],
  ])("places library point %o of a symbol at %o", (p, at, o, expected) => {
    const placed = placeLibraryPoint(p, at, o);
    expect(placed.x).toBeCloseTo(expected.x, 6);
    expect(placed.y).toBeCloseTo(expected.y, 6);
  });

  it("knows which placements turn horizontal into vertical", () => {
    expect(swapsAxes(orientationTransform({ rotation: 90, mirror: "x" }))).toBe(true);
    expect(swapsAxes(orientationTransform({ rotation: 180, mirror: "y" }))).toBe(false);
  });
});
