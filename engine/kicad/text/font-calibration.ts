import { z } from "zod";
import calibration from "./stroke-font-advances.json" with { type: "json" };

const inkSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable();

const glyphSchema = z.object({
  advance: z.number(),
  /** [xMin, yMin, xMax, yMax] of the stroke centre lines; null for glyphs that draw nothing. */
  ink: inkSchema,
  italic: z.object({ advance: z.number(), ink: inkSchema }),
});

const scriptSchema = z.object({
  /** Glyph scale of the raised/lowered text. */
  scale: z.number(),
  /** Baseline shift in font heights, positive = down. */
  shift: z.number(),
});

/**
 * The stroke-font calibration written by `scripts/calibrate-font.mjs`. Every number is in units
 * of the font size (x by the glyph width, y by the glyph height); glyph ink is relative to the
 * pen position on the baseline, y down. Measured from kicad-cli's own SVG rendering.
 */
export const fontCalibrationSchema = z.object({
  kicadVersion: z.string(),
  regenerate: z.string(),
  /** Distance between the baselines of consecutive lines. */
  lineSpacing: z.number(),
  superscript: scriptSchema,
  subscript: scriptSchema,
  overbar: z.object({
    /** Height of the bar above the baseline. */
    height: z.number(),
    /** How much shorter than the text's advance the bar is at each end. */
    trim: z.number(),
  }),
  glyphs: z.record(z.string(), glyphSchema),
});

export type FontCalibration = z.infer<typeof fontCalibrationSchema>;
export type GlyphCalibration = z.infer<typeof glyphSchema>;

let parsed: FontCalibration | undefined;

/** The committed calibration, validated once. */
export function fontCalibration(): FontCalibration {
  parsed ??= fontCalibrationSchema.parse(calibration);
  return parsed;
}
