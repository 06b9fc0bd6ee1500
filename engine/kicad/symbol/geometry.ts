/** A point in millimetres. Library symbols use Y-up coordinates, sheets use Y-down. */
export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box in millimetres (min ≤ max on both axes once anything was added). */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A box that contains nothing yet; the first `extendBox` makes it real. */
export function emptyBox(): Box {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

export function isEmptyBox(box: Box): boolean {
  return box.minX > box.maxX || box.minY > box.maxY;
}

/** Grows `box` in place to contain `p`. */
export function extendBox(box: Box, p: Point): Box {
  if (p.x < box.minX) box.minX = p.x;
  if (p.y < box.minY) box.minY = p.y;
  if (p.x > box.maxX) box.maxX = p.x;
  if (p.y > box.maxY) box.maxY = p.y;
  return box;
}

export function boxOf(points: Iterable<Point>): Box {
  const box = emptyBox();
  for (const p of points) extendBox(box, p);
  return box;
}
