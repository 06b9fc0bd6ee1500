import { formatPoint, roundTo } from "../geometry/point.js";
import type { Rect } from "../geometry/rect.js";
import type { Segment } from "../geometry/segment.js";

/** "2.54": millimetres as findings print them (2 decimals at most, no -0). */
export function mm(value: number): string {
  return String(roundTo(value, 2));
}

/** "x 80.01–82.55, y 72.39–80.01". */
export function describeBox(r: Rect): string {
  return `x ${mm(r.minX)}–${mm(r.maxX)}, y ${mm(r.minY)}–${mm(r.maxY)}`;
}

/** "wire (10.16, 20.32)–(30.48, 20.32)". */
export function describeWire(w: Segment): string {
  return `wire ${formatPoint(w.a)}–${formatPoint(w.b)}`;
}

/** Shortens free text for naming it in a finding. */
export function quoteText(text: string, max = 24): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** Rounds a displacement AWAY from zero to a multiple of `step`, so a suggested move is enough. */
export function ceilToStep(value: number, step: number): number {
  if (value === 0) return 0;
  const n = Math.ceil(Math.abs(value) / step - 1e-9);
  return roundTo(Math.sign(value) * n * step, 4);
}
