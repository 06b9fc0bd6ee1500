import type { TextEffects } from "./text-effects.js";

/*
 * Pen widths, as kicad-cli 9.0.8 draws them (measured from `sch export svg` stroke widths over
 * sizes 0.5–2.54 mm and thicknesses 0–1 mm):
 *  - no thickness (or 0): the schematic default line width 0.1524 mm; bold: size / 5;
 *  - an explicit thickness is used as given (bold or not);
 *  - always clamped to at most min(width, height) / 4, and drawn at least 0.0847 mm wide.
 * Label and field geometry (offsets, label outlines, field boxes) do not use the drawn pen but
 * KiCad's size-derived one: size / 8 (bold: size / 5) when no thickness is given.
 */
const SCHEMATIC_DEFAULT_PEN = 0.1524;
const MIN_DRAWN_PEN = 0.0847;

function maxPen(effects: TextEffects): number {
  return Math.min(effects.size[0], effects.size[1]) / 4;
}

function explicitThickness(effects: TextEffects): number | undefined {
  return effects.thickness !== undefined && effects.thickness > 0 ? effects.thickness : undefined;
}

/** The stroke width KiCad draws the glyphs with, in mm. */
export function drawnPenWidth(effects: TextEffects): number {
  const base =
    explicitThickness(effects) ?? (effects.bold ? effects.size[0] / 5 : SCHEMATIC_DEFAULT_PEN);
  return Math.max(MIN_DRAWN_PEN, Math.min(base, maxPen(effects)));
}

/** The pen width KiCad's label and field geometry is computed with, in mm. */
export function geometryPenWidth(effects: TextEffects): number {
  const base = explicitThickness(effects) ?? effects.size[0] / (effects.bold ? 5 : 8);
  return Math.min(base, maxPen(effects));
}
