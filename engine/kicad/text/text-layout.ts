import { fontCalibration } from "./font-calibration.js";
import { LINE } from "./layout-constants.js";
import { measureLine } from "./measure-line.js";
import { drawnPenWidth } from "./pen-width.js";
import type { Justify, TextEffects } from "./text-effects.js";
import { inflateRect, type TextRect, translateRect, unionRect } from "./text-rect.js";

export interface LaidOutText {
  /** Drawn ink (pen included) relative to the text position, in the reading frame. */
  ink: TextRect | undefined;
  /** Advance of the widest line: what label outlines and field boxes are sized by. */
  advance: number;
}

/**
 * Lays `text` out the way KiCad's stroke font does around a text position: in the text's reading
 * frame (x along the line, y towards the glyph bottoms), honouring justification, multiple
 * lines, markup and the pen.
 */
export function layoutText(text: string, effects: TextEffects, justify: Justify): LaidOutText {
  const sh = effects.size[1];
  const pen = drawnPenWidth(effects);
  const lines = text.split("\n").map((line) => measureLine(line, effects));
  const pitch = fontCalibration().lineSpacing * sh;
  const height = LINE.firstLineHeight * sh + (lines.length - 1) * pitch;
  const drop = justify.v === "top" ? 0 : justify.v === "center" ? height / 2 : height;
  const firstBaseline = LINE.topToBaseline * sh - LINE.penLift * pen - drop;
  let ink: TextRect | undefined;
  let advance = 0;
  lines.forEach((line, i) => {
    advance = Math.max(advance, line.advance);
    if (!line.ink) return;
    const x =
      justify.h === "left"
        ? pen * LINE.penIndent
        : justify.h === "center"
          ? -line.advance / 2
          : -line.advance - pen * LINE.penIndent;
    ink = unionRect(ink, translateRect(line.ink, x, firstBaseline + i * pitch));
  });
  return { ink: ink ? inflateRect(ink, pen / 2) : undefined, advance };
}
