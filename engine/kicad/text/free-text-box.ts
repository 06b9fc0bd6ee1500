import { FREE_TEXT_LIFT } from "./layout-constants.js";
import type { Justify, TextEffects } from "./text-effects.js";
import { layoutText } from "./text-layout.js";
import { quarterTurns, rotateRect90, type TextRect, translateRect } from "./text-rect.js";

/**
 * Free text `(text …)`: KiCad draws 180° like 0° and 270° like 90° (never upside down) with the
 * file's justification as is, lifted by a fixed distance in the sheet frame.
 */
export function freeTextBox(
  text: string,
  at: { x: number; y: number },
  angle: number,
  justify: Justify,
  effects: TextEffects,
): TextRect | undefined {
  const { ink } = layoutText(text, effects, justify);
  if (!ink) return undefined;
  const drawAngle = quarterTurns(angle) % 2 === 0 ? 0 : 90;
  return translateRect(rotateRect90(ink, drawAngle), at.x, at.y - FREE_TEXT_LIFT);
}
