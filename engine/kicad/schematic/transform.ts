import type { Point } from "../symbol/geometry.js";
import type { Mirror, Rotation } from "./placed-symbol.js";

/** Where and how a symbol is placed: `(at X Y R)` plus optional `(mirror x|y)`. */
export interface Placement {
  at: Point;
  rotation: Rotation;
  mirror: Mirror;
}

/** Sheet coordinates are kept on KiCad's internal grid (100 nm) so equal points compare equal. */
export function snapMm(value: number): number {
  const snapped = Math.round(value * 10_000) / 10_000;
  return snapped === 0 ? 0 : snapped;
}

/**
 * A library vector (Y-up) as a sheet vector (Y-down) under the placement's rotation and mirror,
 * without the translation. Order matters and is KiCad's: flip Y, rotate (counter-clockwise as
 * seen on screen), then mirror.
 */
export function libVectorToSheet(v: Point, placement: Placement): Point {
  let x = v.x;
  let y = -v.y;
  switch (placement.rotation) {
    case 90:
      [x, y] = [y, -x];
      break;
    case 180:
      [x, y] = [-x, -y];
      break;
    case 270:
      [x, y] = [-y, x];
      break;
  }
  if (placement.mirror === "x") y = -y;
  else if (placement.mirror === "y") x = -x;
  return { x, y };
}

/** A library point (Y-up, relative to the symbol origin) as an absolute sheet point in mm. */
export function libToSheet(p: Point, placement: Placement): Point {
  const v = libVectorToSheet(p, placement);
  return { x: snapMm(placement.at.x + v.x), y: snapMm(placement.at.y + v.y) };
}
