import { type Rect, rectCenter, rectFromPoints } from "../geometry/rect.js";
import type { PlacedPin } from "../schematic/pins-of.js";
import type { Graphic } from "../symbol/graphic.js";
import { graphicOutline } from "../symbol/graphic-outline.js";
import type { Direction } from "./sheet-layout.js";

/** A drawing this close to its pin (mm) points nowhere: a dot or a bar centred on it. */
const MIN_REACH_MM = 0.1;

/**
 * Which way a power port's drawing points from its single pin: on the sheet (`placed`) and as
 * its library draws it (`library`: KiCad's GND hangs down, +5V stands up). A port drawn the
 * way its library points reads as the convention intends; turned, it reads as a rail upside
 * down or a ground sideways. Undefined when the drawing has no direction.
 */
export function portPointing(
  graphics: readonly Graphic[],
  pins: readonly PlacedPin[],
  placedBody: Rect | undefined,
): { placed: Direction; library: Direction } | undefined {
  const pin = pins[0];
  if (!pin || !placedBody) return undefined;
  const libBox = rectFromPoints(graphics.flatMap((g) => graphicOutline(g)));
  if (!libBox) return undefined;
  const lc = rectCenter(libBox);
  // Library coordinates are Y-up: flip so both directions read in sheet terms.
  const library = direction(lc.x - pin.lib.at.x, -(lc.y - pin.lib.at.y));
  const pc = rectCenter(placedBody);
  const placed = direction(pc.x - pin.at.x, pc.y - pin.at.y);
  return library && placed ? { placed, library } : undefined;
}

function direction(dx: number, dy: number): Direction | undefined {
  if (Math.hypot(dx, dy) < MIN_REACH_MM) return undefined;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? "right" : "left";
  return dy > 0 ? "down" : "up";
}
