import type { Point } from "../symbol/geometry.js";
import type { DrawnWire } from "./drawing.js";

const EPS = 0.005;

/** A drawn point as a map key, to 0.01 mm (the drafter's points are on a 0.01 mm grid or finer). */
export const pointKey = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;

/** Whether p lies strictly inside an axis-parallel wire (not at either end). */
export function onWireInterior(p: Point, w: DrawnWire): boolean {
  if (Math.abs(w.a.x - w.b.x) < EPS)
    return (
      Math.abs(p.x - w.a.x) < EPS &&
      p.y > Math.min(w.a.y, w.b.y) + EPS &&
      p.y < Math.max(w.a.y, w.b.y) - EPS
    );
  if (Math.abs(w.a.y - w.b.y) < EPS)
    return (
      Math.abs(p.y - w.a.y) < EPS &&
      p.x > Math.min(w.a.x, w.b.x) + EPS &&
      p.x < Math.max(w.a.x, w.b.x) - EPS
    );
  return false;
}
