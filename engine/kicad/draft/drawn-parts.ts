import { type Rect, rectTranslate } from "../geometry/rect.js";
import type { Point } from "../symbol/geometry.js";
import type { Drawing } from "./drawing.js";
import type { ResolvedIntent } from "./resolved-intent.js";
import { unitGeometry } from "./unit-geometry.js";

/**
 * Where a drawing's pins are and what its part bodies cover, on the sheet: part pins and bodies
 * by their unit's geometry (the netlister's transform), power ports and flags as the one pin at
 * their origin. What the wire clean-ups after layout must not cut off or run through.
 */
export function drawnParts(
  drawing: Drawing,
  resolved: ResolvedIntent,
): { pins: Point[]; bodies: Rect[] } {
  const pins: Point[] = [];
  const bodies: Rect[] = [];
  for (const s of drawing.symbols) {
    const symbol = s.key.startsWith("part/") ? resolved.parts.get(s.ref)?.symbol.symbol : undefined;
    if (!symbol) {
      pins.push(s.at);
      continue;
    }
    const g = unitGeometry(symbol, s.unit, s.rotation);
    for (const pin of g.pins) pins.push({ x: s.at.x + pin.offset.x, y: s.at.y + pin.offset.y });
    bodies.push(rectTranslate(g.body, s.at.x, s.at.y));
  }
  return { pins, bodies };
}
