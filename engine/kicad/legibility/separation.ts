import type { Point } from "../geometry/point.js";
import { overlapX, overlapY, type Rect, rectCenter } from "../geometry/rect.js";
import { ceilToStep } from "./describe.js";

/**
 * The smallest grid-step move of `moving` (along one axis, away from `fixed`) that leaves at
 * least `clearance` mm between the two boxes edge to edge. Returns the displacement.
 */
export function separatingMove(fixed: Rect, moving: Rect, clearance: number, step: number): Point {
  const cf = rectCenter(fixed);
  const cm = rectCenter(moving);
  // How far each axis must move for the gap on that axis to reach `clearance`.
  const needX = overlapX(fixed, moving) + clearance;
  const needY = overlapY(fixed, moving) + clearance;
  const dirX = cm.x >= cf.x ? 1 : -1;
  const dirY = cm.y >= cf.y ? 1 : -1;
  const dx = ceilToStep(dirX * needX, step);
  const dy = ceilToStep(dirY * needY, step);
  return Math.abs(dx) <= Math.abs(dy) ? { x: dx, y: 0 } : { x: 0, y: dy };
}

/** "right" / "left" / "down" / "up" for a one-axis move. */
export function moveDirection(d: Point): string {
  if (d.x !== 0) return d.x > 0 ? "right" : "left";
  return d.y > 0 ? "down" : "up";
}
