import type { Graphic, PathVertex } from "./graphic.js";
import { normalizeDegrees, type Placement, placePoint } from "./placement.js";

function placeVertex(placement: Placement, v: PathVertex): PathVertex {
  if (v.kind === "xy") return { kind: "xy", at: placePoint(placement, v.at) };
  return {
    kind: "arc",
    start: placePoint(placement, v.start),
    mid: placePoint(placement, v.mid),
    end: placePoint(placement, v.end),
  };
}

/**
 * A footprint-local drawn item → the same item in board coordinates. A rectangle stays a
 * rectangle only when the footprint is turned by a multiple of 90°; otherwise it becomes the
 * polygon of its four corners (KiCad does the same internally).
 */
export function placeGraphic(placement: Placement, g: Graphic): Graphic {
  const p = (q: { x: number; y: number }) => placePoint(placement, q);
  switch (g.shape) {
    case "line":
      return { ...g, start: p(g.start), end: p(g.end) };
    case "rect": {
      if (placement.rotation % 90 === 0) return { ...g, start: p(g.start), end: p(g.end) };
      const corners = [
        g.start,
        { x: g.end.x, y: g.start.y },
        g.end,
        { x: g.start.x, y: g.end.y },
      ].map((c) => ({ kind: "xy" as const, at: p(c) }));
      return {
        layer: g.layer,
        width: g.width,
        filled: g.filled,
        uuid: g.uuid,
        shape: "poly",
        points: corners,
      };
    }
    case "circle":
      return { ...g, center: p(g.center), end: p(g.end) };
    case "arc":
      return { ...g, start: p(g.start), mid: p(g.mid), end: p(g.end) };
    case "poly":
      return { ...g, points: g.points.map((v) => placeVertex(placement, v)) };
    case "curve":
      return { ...g, points: g.points.map(p) };
    case "text":
      // KiCad 7+ writes footprint text angles absolute (a 45° part's reference reads 225 in
      // the StickHub demo), so only the anchor moves. Not cross-checked against kicad-cli.
      return { ...g, at: p(g.at), angle: normalizeDegrees(g.angle) };
  }
}
