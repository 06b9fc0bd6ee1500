import type { Point } from "../geometry/point.js";
import { child, numberAt, type SList } from "../sexp/node.js";

// The project's one Point (mm, Y down): board and footprint files share the sheet's axes.
export type { Point } from "../geometry/point.js";
export { distance } from "../geometry/point.js";

/** `(head x y …)` child of `node` → a point; undefined when absent or not numeric. */
export function readPoint(node: SList, head: string): Point | undefined {
  return pointOf(child(node, head));
}

/** `(xy x y)`, `(at x y)`, `(start x y)` … itself → a point. */
export function pointOf(node: SList | undefined): Point | undefined {
  const x = numberAt(node, 1);
  const y = numberAt(node, 2);
  return x === undefined || y === undefined ? undefined : { x, y };
}
