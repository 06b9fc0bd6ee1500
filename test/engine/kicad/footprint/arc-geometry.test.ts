import { describe, expect, it } from "vitest";
import {
  arcBox,
  arcPolyline,
  bezierPolyline,
  solveArc,
} from "../../../../engine/kicad/footprint/arc-geometry.js";
import { distance } from "../../../../engine/kicad/footprint/point.js";

const c = { x: 10, y: 20 };
const r = 5;
const on = (deg: number) => ({
  x: c.x + r * Math.cos((deg * Math.PI) / 180),
  y: c.y + r * Math.sin((deg * Math.PI) / 180),
});

describe("arcs through start, mid and end", () => {
  it("finds centre, radius and the sweep's direction", () => {
    const ccw = solveArc(on(0), on(45), on(90));
    expect(ccw?.center.x).toBeCloseTo(10, 12);
    expect(ccw?.center.y).toBeCloseTo(20, 12);
    expect(ccw?.radius).toBeCloseTo(5, 12);
    expect(ccw?.sweep).toBeCloseTo(Math.PI / 2, 12);
    expect(solveArc(on(90), on(45), on(0))?.sweep).toBeCloseTo(-Math.PI / 2, 12);
    // The long way round: 270° through the far side.
    expect(solveArc(on(0), on(180), on(-90))?.sweep).toBeCloseTo((3 * Math.PI) / 2, 12);
  });

  it("treats three points on a line as no arc", () => {
    expect(solveArc({ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 })).toBeUndefined();
  });

  it("bounds an arc by the axis extremes it passes, not just its ends", () => {
    // From 45° to 135° through 90°: passes the +y extreme (y = 25).
    const box = arcBox(on(45), on(90), on(135));
    expect(box.maxY).toBeCloseTo(25, 12);
    expect(box.minY).toBeCloseTo(on(45).y, 12);
    expect(box.minX).toBeCloseTo(on(135).x, 12);
    expect(box.maxX).toBeCloseTo(on(45).x, 12);
    // The 270° arc reaches three extremes.
    const big = arcBox(on(0), on(180), on(-90));
    expect([big.minX, big.maxX, big.maxY]).toEqual([
      expect.closeTo(5, 12),
      expect.closeTo(15, 12),
      expect.closeTo(25, 12),
    ]);
  });

  it("flattens within the chord error, from exactly start to exactly end", () => {
    const points = arcPolyline(on(0), on(60), on(120), 0.005);
    expect(points[0]).toEqual(on(0));
    expect(points.at(-1)).toEqual(on(120));
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as { x: number; y: number };
      const b = points[i] as { x: number; y: number };
      const midChord = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      expect(r - distance(c, midChord)).toBeLessThanOrEqual(0.005 + 1e-12);
      expect(distance(c, b)).toBeCloseTo(r, 12);
    }
  });

  it("flattens a Bézier from its first to its last control point", () => {
    const p = bezierPolyline({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 10, y: 10 }, { x: 10, y: 0 });
    expect(p[0]).toEqual({ x: 0, y: 0 });
    expect(p.at(-1)).toEqual({ x: 10, y: 0 });
    // Symmetric curve: its top (t = ½) is at 7.5.
    expect(Math.max(...p.map((q) => q.y))).toBeCloseTo(7.5, 2);
  });
});
