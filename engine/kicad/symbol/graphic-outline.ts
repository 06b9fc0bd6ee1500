import { circumcenter } from "../geometry/outline.js";
import type { Point } from "./geometry.js";
import type { Graphic } from "./graphic.js";

/**
 * Points whose bounding box is the graphic's bounding box, in the graphic's own coordinates.
 * Every extreme point is included, so the box stays exact after rotations by multiples of 90°
 * and mirroring (the only transforms KiCad applies to placed symbols). Text is approximated by
 * its anchor ± half its height; stroke widths are ignored.
 */
export function graphicOutline(graphic: Graphic): Point[] {
  switch (graphic.kind) {
    case "rectangle":
      return [
        graphic.start,
        graphic.end,
        { x: graphic.start.x, y: graphic.end.y },
        { x: graphic.end.x, y: graphic.start.y },
      ];
    case "polyline":
    case "bezier":
      // A Bézier lies inside the hull of its control points: a safe, slightly loose box.
      return graphic.points;
    case "circle": {
      const { center: c, radius: r } = graphic;
      return [
        { x: c.x - r, y: c.y },
        { x: c.x + r, y: c.y },
        { x: c.x, y: c.y - r },
        { x: c.x, y: c.y + r },
      ];
    }
    case "arc":
      return arcOutline(graphic.start, graphic.mid, graphic.end, graphic.center);
    case "text": {
      const h = graphic.effects.size.height / 2;
      return [
        { x: graphic.at.x - h, y: graphic.at.y - h },
        { x: graphic.at.x + h, y: graphic.at.y + h },
      ];
    }
    case "text_box":
      return [graphic.start, graphic.end];
  }
}

/** Counter-clockwise angle from `from` to `to`, in [0, 2π). */
function ccw(from: number, to: number): number {
  const turn = 2 * Math.PI;
  return (((to - from) % turn) + turn) % turn;
}

function arcOutline(start: Point, mid: Point | undefined, end: Point, given?: Point): Point[] {
  const points = [start, end];
  if (mid) points.push(mid);
  const center = mid ? circumcenter(start, mid, end) : given;
  if (!center) return points;
  const r = Math.hypot(start.x - center.x, start.y - center.y);
  const a0 = Math.atan2(start.y - center.y, start.x - center.x);
  const a1 = Math.atan2(end.y - center.y, end.x - center.x);
  // The arc runs from start to end through mid; without a mid point assume the short way.
  const sweep = ccw(a0, a1);
  const viaMid = mid ? ccw(a0, Math.atan2(mid.y - center.y, mid.x - center.x)) : sweep;
  const counterClockwise = mid ? viaMid <= sweep : sweep <= Math.PI;
  for (let k = 0; k < 4; k++) {
    const angle = (k * Math.PI) / 2;
    const inside = counterClockwise ? ccw(a0, angle) <= sweep : ccw(a1, angle) <= ccw(a1, a0);
    if (inside)
      points.push({ x: center.x + r * Math.cos(angle), y: center.y + r * Math.sin(angle) });
  }
  return points;
}
