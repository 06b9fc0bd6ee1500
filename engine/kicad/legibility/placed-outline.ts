import { arcOutline, circleOutline, type Outline, rectangleOutline } from "../geometry/outline.js";
import { samePoint } from "../geometry/point.js";
import { TOLERANCE_MM } from "../geometry/tolerance.js";
import type { PlacedSymbol } from "../schematic/placed-symbol.js";
import { libToSheet } from "../schematic/transform.js";
import type { Graphic } from "../symbol/graphic.js";

/**
 * A library graphic as strokes on the sheet. Text inside the symbol is not body (pin names and
 * graphic text are excluded from every test); fills make a polyline a closed shape.
 */
export function placedOutline(g: Graphic, placement: PlacedSymbol): Outline[] {
  const at = (p: { x: number; y: number }) => libToSheet(p, placement);
  switch (g.kind) {
    case "rectangle":
      return [rectangleOutline(at(g.start), at(g.end))];
    case "circle": {
      const c = at(g.center);
      return [circleOutline(c, g.radius)];
    }
    case "polyline": {
      const points = g.points.map(at);
      const first = points[0];
      const last = points[points.length - 1];
      const closed =
        g.fill !== "none" ||
        (points.length > 3 &&
          first !== undefined &&
          last !== undefined &&
          samePoint(first, last, TOLERANCE_MM));
      return points.length > 0 ? [{ points, closed }] : [];
    }
    case "arc": {
      const mid = g.mid ?? arcMidFromCenter(g.start, g.end, g.center);
      return [
        mid
          ? arcOutline(at(g.start), at(mid), at(g.end))
          : { points: [at(g.start), at(g.end)], closed: false },
      ];
    }
    case "bezier":
      return g.points.length > 0 ? [{ points: g.points.map(at), closed: false }] : [];
    default:
      return [];
  }
}

/** KiCad 6 arcs give a centre instead of a middle point: take the shorter way round. */
function arcMidFromCenter(
  start: { x: number; y: number },
  end: { x: number; y: number },
  center: { x: number; y: number } | undefined,
): { x: number; y: number } | undefined {
  if (!center) return undefined;
  const r = Math.hypot(start.x - center.x, start.y - center.y);
  const a0 = Math.atan2(start.y - center.y, start.x - center.x);
  let a1 = Math.atan2(end.y - center.y, end.x - center.x);
  if (a1 - a0 > Math.PI) a1 -= 2 * Math.PI;
  if (a0 - a1 > Math.PI) a1 += 2 * Math.PI;
  const mid = (a0 + a1) / 2;
  return { x: center.x + r * Math.cos(mid), y: center.y + r * Math.sin(mid) };
}
