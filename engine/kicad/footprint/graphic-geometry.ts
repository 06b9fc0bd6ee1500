import { pushAll } from "../../array-ops.js";
import {
  arcBox,
  arcPolyline,
  bezierPolyline,
  circleBox,
  circlePolygon,
  DEFAULT_MAX_ERROR,
} from "./arc-geometry.js";
import { type BBox, boxOfPoints, unionBoxes } from "./bbox.js";
import type { Graphic, PathVertex } from "./graphic.js";
import { distance, type Point } from "./point.js";

/** A closed path's vertices as a polygon (arcs flattened); the first point is not repeated. */
export function pathPolygon(path: readonly PathVertex[], maxError = DEFAULT_MAX_ERROR): Point[] {
  const out: Point[] = [];
  for (const v of path) {
    if (v.kind === "xy") out.push(v.at);
    else pushAll(out, arcPolyline(v.start, v.mid, v.end, maxError));
  }
  return out;
}

/**
 * The centre line of a drawn item as polylines: open items give one open polyline, closed
 * ones (rect, circle, poly) one polygon whose last point is not the first. Text gives nothing.
 */
export function graphicPolyline(
  g: Graphic,
  maxError = DEFAULT_MAX_ERROR,
): { closed: boolean; points: Point[] } | undefined {
  switch (g.shape) {
    case "line":
      return { closed: false, points: [g.start, g.end] };
    case "arc":
      return { closed: false, points: arcPolyline(g.start, g.mid, g.end, maxError) };
    case "curve": {
      const [a, b, c, d] = g.points as [Point, Point, Point, Point];
      return { closed: false, points: bezierPolyline(a, b, c, d, maxError) };
    }
    case "rect":
      return {
        closed: true,
        points: [g.start, { x: g.end.x, y: g.start.y }, g.end, { x: g.start.x, y: g.end.y }],
      };
    case "circle":
      return { closed: true, points: circlePolygon(g.center, distance(g.center, g.end), maxError) };
    case "poly":
      return { closed: true, points: pathPolygon(g.points, maxError) };
    case "text":
      return undefined;
  }
}

/**
 * The exact bounding box of an item's centre line (stroke width not included, as for KiCad's
 * courtyard and outline polygons); arcs and circles by their true extremes. Text: its anchor.
 */
export function graphicBox(g: Graphic): BBox | undefined {
  switch (g.shape) {
    case "line":
    case "rect":
      return boxOfPoints([g.start, g.end]);
    case "arc":
      return arcBox(g.start, g.mid, g.end);
    case "circle":
      return circleBox(g.center, distance(g.center, g.end));
    case "poly": {
      let box: BBox | undefined;
      for (const v of g.points) {
        box = unionBoxes(
          box,
          v.kind === "xy" ? boxOfPoints([v.at]) : arcBox(v.start, v.mid, v.end),
        );
      }
      return box;
    }
    case "curve": {
      const [a, b, c, d] = g.points as [Point, Point, Point, Point];
      return boxOfPoints(bezierPolyline(a, b, c, d));
    }
    case "text":
      return boxOfPoints([g.at]);
  }
}
