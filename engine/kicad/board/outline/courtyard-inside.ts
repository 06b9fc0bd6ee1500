import type { Footprint } from "../../footprint/footprint.js";
import { footprintGraphicsOnBoard } from "../../footprint/footprint-graphics-on-board.js";
import type { Point } from "../../footprint/point.js";
import { chainPaths } from "./chain-paths.js";
import type { BoardOutline } from "./outline.js";
import { outlineContains } from "./outline-contains.js";
import { polygonContains, segmentsCross } from "./segment-geometry.js";

/** KiCad joins courtyard drawings with 0.02 mm of slack (FOOTPRINT::BuildCourtyardCaches). */
const COURTYARD_CHAINING_EPSILON = 0.02;

function edges(points: readonly Point[], closed: boolean): [Point, Point][] {
  const out: [Point, Point][] = [];
  for (let i = 1; i < points.length; i++) out.push([points[i - 1] as Point, points[i] as Point]);
  if (closed && points.length > 2)
    out.push([points[points.length - 1] as Point, points[0] as Point]);
  return out;
}

/**
 * Does the footprint's courtyard (F.CrtYd and B.CrtYd drawings, placed on the board) lie on
 * the board? True when every courtyard vertex is inside the outline (or on its edge), no
 * courtyard edge crosses an outline edge, and no cut-out lies inside the courtyard. Undefined
 * when the footprint has no courtyard drawing.
 */
export function courtyardInsideOutline(outline: BoardOutline, fp: Footprint): boolean | undefined {
  const drawn = [
    ...footprintGraphicsOnBoard(fp, "F.CrtYd"),
    ...footprintGraphicsOnBoard(fp, "B.CrtYd"),
  ];
  const paths = chainPaths(drawn, COURTYARD_CHAINING_EPSILON);
  if (paths.length === 0) return undefined;
  for (const path of paths) {
    for (const p of path.points) if (!outlineContains(outline, p)) return false;
  }
  for (const loop of outline.loops) {
    const lb = loop.box;
    const loopEdges = edges(loop.points, true);
    for (const path of paths) {
      const pb = path.box;
      if (pb.maxX < lb.minX || pb.minX > lb.maxX || pb.maxY < lb.minY || pb.minY > lb.maxY) {
        continue;
      }
      for (const [a, b] of edges(path.points, path.closed)) {
        for (const [c, d] of loopEdges) if (segmentsCross(a, b, c, d)) return false;
      }
      // A cut-out wholly inside the courtyard crosses nothing; catch it by one of its points.
      if (path.closed && polygonContains(path.points, loop.points[0] as Point)) {
        const inside = lb.minX >= pb.minX && lb.maxX <= pb.maxX;
        if (inside && lb.minY >= pb.minY && lb.maxY <= pb.maxY) return false;
      }
    }
  }
  return true;
}
