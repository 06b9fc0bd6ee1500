import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import { textBox } from "../../text/text-box.js";
import type { TextEffects } from "../../text/text-effects.js";

/** Every text the drafter writes is KiCad's default 1.27 mm stroke font. */
export const DRAFT_FONT: TextEffects = { size: [1.27, 1.27] };

/**
 * Where KiCad inks a local label the drafter writes (`(justify left bottom)` reading right, or
 * `right bottom` reading left): the same measure the legibility checker uses, so the space the
 * layout reserves is the space the checker sees.
 */
export function labelTextBox(text: string, at: Point, angle: 0 | 180): Rect {
  return textBox(
    text,
    at,
    angle,
    { h: angle === 180 ? "right" : "left", v: "bottom" },
    DRAFT_FONT,
    {
      kind: "label",
    },
  );
}

/**
 * Where KiCad inks a symbol field the drafter writes: its own `at`, its angle relative to the
 * symbol (`fieldAngle`), its horizontal justification (centred when absent), on a symbol turned
 * by `rotation`.
 */
export function fieldTextBox(
  text: string,
  at: Point,
  options: { justify?: "left" | "right"; rotation?: number; fieldAngle?: number } = {},
): Rect {
  return textBox(
    text,
    at,
    options.fieldAngle ?? 0,
    { h: options.justify ?? "center", v: "center" },
    DRAFT_FONT,
    { kind: "field", symbol: { angle: options.rotation ?? 0 } },
  );
}
