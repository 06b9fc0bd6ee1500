import { fontCalibration } from "./font-calibration.js";
import { measureLine } from "./measure-line.js";
import { drawnPenWidth } from "./pen-width.js";
import type { TextEffects } from "./text-effects.js";
import { type TextRect, translateRect, unionRect } from "./text-rect.js";

export interface TextExtent {
  /** Width of the drawn ink, pen included, in mm (0 when nothing is drawn). */
  width: number;
  /** Height of the drawn ink, pen included, in mm (0 when nothing is drawn). */
  height: number;
}

/**
 * The size of the ink KiCad draws for `text` in its stroke font, unrotated: what a reader sees,
 * not a font-height box. Lines split on `\n` stack at KiCad's line pitch.
 */
export function textExtent(text: string, effects: TextEffects): TextExtent {
  const ink = stackedInk(text, effects);
  if (!ink) return { width: 0, height: 0 };
  const pen = drawnPenWidth(effects);
  return { width: ink.maxX - ink.minX + pen, height: ink.maxY - ink.minY + pen };
}

/** Centre-line ink of all lines, each starting at x 0, line i's baseline at i × pitch. */
function stackedInk(text: string, effects: TextEffects): TextRect | undefined {
  const pitch = fontCalibration().lineSpacing * effects.size[1];
  let ink: TextRect | undefined;
  text.split("\n").forEach((line, i) => {
    const measured = measureLine(line, effects).ink;
    if (measured) ink = unionRect(ink, translateRect(measured, 0, i * pitch));
  });
  return ink;
}
