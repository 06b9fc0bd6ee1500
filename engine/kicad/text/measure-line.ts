import { fontCalibration } from "./font-calibration.js";
import { glyphMetrics } from "./glyph-metrics.js";
import { parseMarkup } from "./markup.js";
import type { TextEffects } from "./text-effects.js";
import { type TextRect, unionRect } from "./text-rect.js";

/** One line of text as KiCad's stroke font lays it out, in mm. */
export interface LineMeasure {
  /** Sum of the glyph advances: what KiCad justifies and sizes label outlines by. */
  advance: number;
  /**
   * Box of the stroke centre lines relative to the pen start on the baseline (y down); add half
   * the pen width for the drawn ink. Undefined when nothing is drawn (empty or blank text).
   */
  ink: TextRect | undefined;
}

/** Measures one line (no `\n`), honouring markup, italics and the calibrated glyph table. */
export function measureLine(line: string, effects: TextEffects): LineMeasure {
  const table = fontCalibration();
  const [sw, sh] = effects.size;
  const italic = effects.italic === true;
  let cursor = 0;
  let ink: TextRect | undefined;
  for (const run of parseMarkup(line)) {
    const script =
      run.script === "normal"
        ? undefined
        : table[run.script === "super" ? "superscript" : "subscript"];
    const scale = script?.scale ?? 1;
    const dy = (script?.shift ?? 0) * sh;
    const start = cursor;
    for (const char of run.text) {
      const glyph = glyphMetrics(char, italic);
      if (glyph.ink) {
        const [x0, y0, x1, y1] = glyph.ink;
        ink = unionRect(ink, {
          minX: cursor + x0 * sw * scale,
          minY: dy + y0 * sh * scale,
          maxX: cursor + x1 * sw * scale,
          maxY: dy + y1 * sh * scale,
        });
      }
      cursor += glyph.advance * sw * scale;
    }
    if (run.overbar && cursor > start) {
      const trim = table.overbar.trim * sw;
      const y = -table.overbar.height * sh;
      ink = unionRect(ink, {
        minX: start + trim,
        minY: y,
        maxX: Math.max(start + trim, cursor - trim),
        maxY: y,
      });
    }
  }
  return { advance: cursor, ink };
}
