import { child, numberAt, type SList } from "../sexp/node.js";

/** A position in millimetres. Board and footprint files are Y-down, like the screen. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

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

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
