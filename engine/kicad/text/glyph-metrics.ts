import { type FontCalibration, fontCalibration } from "./font-calibration.js";

/** One glyph's advance and ink box, in units of the font size (see font-calibration.ts). */
export interface GlyphMetrics {
  advance: number;
  ink: readonly [number, number, number, number] | null;
}

/** Tabs have no glyph; KiCad moves to a tab stop, which we approximate by four spaces. */
const TAB_SPACES = 4;

let fallback: { upright: GlyphMetrics; italic: GlyphMetrics } | undefined;

/**
 * The calibrated metrics of `char` (one code point). Characters the calibration did not cover
 * get the median advance of letters and digits with a cap-height box: KiCad's Newstroke font
 * draws most of Unicode, so a typical glyph is a better guess than nothing.
 */
export function glyphMetrics(char: string, italic = false): GlyphMetrics {
  const table = fontCalibration();
  if (char === "\t") {
    const space = glyphMetrics(" ", italic);
    return { advance: space.advance * TAB_SPACES, ink: null };
  }
  const glyph = table.glyphs[char];
  if (glyph) return italic ? glyph.italic : glyph;
  fallback ??= fallbackMetrics(table);
  return italic ? fallback.italic : fallback.upright;
}

function fallbackMetrics(table: FontCalibration): { upright: GlyphMetrics; italic: GlyphMetrics } {
  const typical = Object.entries(table.glyphs).filter(([c]) => /^[A-Za-z0-9]$/.test(c));
  const pick = (italic: boolean): GlyphMetrics => {
    const advances = typical.map(([, g]) => (italic ? g.italic.advance : g.advance));
    advances.sort((a, b) => a - b);
    const advance = advances[Math.floor(advances.length / 2)] ?? 1;
    const cap = table.glyphs.H?.ink ?? [0, -1, advance, 0];
    return { advance, ink: [cap[0], cap[1], advance - cap[0], cap[3]] };
  };
  return { upright: pick(false), italic: pick(true) };
}
