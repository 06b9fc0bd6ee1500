import type { Point } from "./point.js";
import { type Rect, rectFromCorners } from "./rect.js";

/**
 * How a symbol is placed: `(at x y rotation)` plus an optional `(mirror x|y)`. KiCad applies the
 * rotation first, then the mirror (kicad-facts §2.1).
 */
export interface Orientation {
  /** Degrees counter-clockwise as seen on screen: 0, 90, 180 or 270. */
  rotation: number;
  mirror?: "x" | "y" | undefined;
}

/**
 * A 2×2 matrix in sheet space (y down), KiCad's TRANSFORM: p' = (xx·x + xy·y, yx·x + yy·y).
 * Entries are always -1, 0 or 1 because symbols only turn in quarter turns.
 */
export interface Transform {
  readonly xx: number;
  readonly xy: number;
  readonly yx: number;
  readonly yy: number;
}

export const IDENTITY: Transform = { xx: 1, xy: 0, yx: 0, yy: 1 };

/** The matrix of a placement, for offsets already in sheet orientation (y down). */
export function orientationTransform(o: Orientation): Transform {
  const quarter = ((Math.round(o.rotation / 90) % 4) + 4) % 4;
  // Rotating (x, y) by 90° counter-clockwise on a y-down screen gives (y, -x).
  const rotations: Transform[] = [
    IDENTITY,
    { xx: 0, xy: 1, yx: -1, yy: 0 },
    { xx: -1, xy: 0, yx: 0, yy: -1 },
    { xx: 0, xy: -1, yx: 1, yy: 0 },
  ];
  let t = rotations[quarter]!;
  if (o.mirror === "x") t = { xx: t.xx, xy: t.xy, yx: -t.yx, yy: -t.yy };
  if (o.mirror === "y") t = { xx: -t.xx, xy: -t.xy, yx: t.yx, yy: t.yy };
  return t;
}

export function applyTransform(t: Transform, p: Point): Point {
  return { x: t.xx * p.x + t.xy * p.y, y: t.yx * p.x + t.yy * p.y };
}

/** True for quarter and three-quarter turns: what is horizontal in the symbol becomes vertical. */
export function swapsAxes(t: Transform): boolean {
  return t.xy !== 0;
}

/** The box of a rectangle given relative to `origin`, transformed, and moved back. */
export function transformRectAbout(t: Transform, r: Rect, origin: Point): Rect {
  const a = applyTransform(t, { x: r.minX - origin.x, y: r.minY - origin.y });
  const b = applyTransform(t, { x: r.maxX - origin.x, y: r.maxY - origin.y });
  return rectFromCorners(
    { x: a.x + origin.x, y: a.y + origin.y },
    { x: b.x + origin.x, y: b.y + origin.y },
  );
}

/**
 * A library-symbol point (KiCad library files are y UP) placed on the sheet: flip y, apply the
 * placement, translate to the symbol origin.
 */
export function placeLibraryPoint(p: Point, at: Point, o: Orientation): Point {
  const q = applyTransform(orientationTransform(o), { x: p.x, y: -p.y });
  return { x: at.x + q.x, y: at.y + q.y };
}
