import { describe, expect, it } from "vitest";
import {
  normalizeDegrees,
  placePoint,
  sinCosDegrees,
  unplacePoint,
} from "../../../../engine/kicad/footprint/placement.js";

const at = { x: 100, y: 50 };

describe("placePoint (pad = fp_at + (x cosθ + y sinθ, −x sinθ + y cosθ))", () => {
  // kicad-facts §2.1: verified with the pcbnew API at 0/90/180/270.
  it.each([
    [0, { x: 101, y: 52 }],
    [90, { x: 102, y: 49 }],
    [180, { x: 99, y: 48 }],
    [270, { x: 98, y: 51 }],
    [-90, { x: 98, y: 51 }],
    [450, { x: 102, y: 49 }],
  ])("turns local (1, 2) at %s° exactly", (rotation, expected) => {
    expect(placePoint({ at, rotation }, { x: 1, y: 2 })).toEqual(expected);
  });

  it("turns counter-clockwise on screen (Y down): +x goes up at 45°", () => {
    const p = placePoint({ at, rotation: 45 }, { x: Math.SQRT2, y: 0 });
    expect(p.x).toBeCloseTo(101, 12);
    expect(p.y).toBeCloseTo(49, 12);
  });

  it("is undone by unplacePoint at any angle", () => {
    for (const rotation of [0, 30, 45, 90, 137.5, 180, -60, 270]) {
      const local = { x: 3.25, y: -1.5 };
      const back = unplacePoint({ at, rotation }, placePoint({ at, rotation }, local));
      expect(back.x).toBeCloseTo(local.x, 12);
      expect(back.y).toBeCloseTo(local.y, 12);
    }
  });

  it("gives exact sines and cosines on the right angles", () => {
    expect(sinCosDegrees(90)).toEqual({ sin: 1, cos: 0 });
    expect(sinCosDegrees(-180)).toEqual({ sin: 0, cos: -1 });
    expect(sinCosDegrees(30).sin).toBeCloseTo(0.5, 15);
  });

  it("normalises angles to (−180, 180]", () => {
    expect([0, 180, -180, 270, -270, 540, 359.5].map(normalizeDegrees)).toEqual([
      0, 180, 180, -90, 90, 180, -0.5,
    ]);
  });
});
