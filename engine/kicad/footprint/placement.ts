import type { Point } from "./point.js";

/**
 * Where a footprint sits on the board: its `(at x y angle)`. The angle is in degrees,
 * counter-clockwise as seen on screen (KiCad's convention), which in Y-down coordinates means
 * a local point (x, y) lands at at + (x cosθ + y sinθ, −x sinθ + y cosθ). Unlike schematic
 * symbols there is no Y flip: footprint and board share the Y-down axis.
 *
 * Back-side footprints need no special case: KiCad stores their local geometry already
 * mirrored (layers B.*, pad and graphic coordinates flipped), so the same rotation applies.
 */
export interface Placement {
  readonly at: Point;
  readonly rotation: number;
}

export const IDENTITY_PLACEMENT: Placement = { at: { x: 0, y: 0 }, rotation: 0 };

/** sin and cos of an angle in degrees, exact for multiples of 90° (no 6e-17 residue). */
export function sinCosDegrees(degrees: number): { sin: number; cos: number } {
  const normal = ((degrees % 360) + 360) % 360;
  if (normal === 0) return { sin: 0, cos: 1 };
  if (normal === 90) return { sin: 1, cos: 0 };
  if (normal === 180) return { sin: 0, cos: -1 };
  if (normal === 270) return { sin: -1, cos: 0 };
  const radians = (normal * Math.PI) / 180;
  return { sin: Math.sin(radians), cos: Math.cos(radians) };
}

/** A footprint-local point → board coordinates. */
export function placePoint(placement: Placement, local: Point): Point {
  const { sin, cos } = sinCosDegrees(placement.rotation);
  return {
    x: placement.at.x + local.x * cos + local.y * sin,
    y: placement.at.y - local.x * sin + local.y * cos,
  };
}

/** Board coordinates → footprint-local (the inverse of placePoint). */
export function unplacePoint(placement: Placement, board: Point): Point {
  const { sin, cos } = sinCosDegrees(placement.rotation);
  const dx = board.x - placement.at.x;
  const dy = board.y - placement.at.y;
  return { x: dx * cos - dy * sin, y: dx * sin + dy * cos };
}

/** An angle in degrees normalised to (−180, 180], the way KiCad prints orientations. */
export function normalizeDegrees(degrees: number): number {
  let a = degrees % 360;
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  return a === 0 ? 0 : a;
}
