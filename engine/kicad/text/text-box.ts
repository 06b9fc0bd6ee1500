import { fieldBox } from "./field-box.js";
import { freeTextBox } from "./free-text-box.js";
import { globalLabelBox, hierarchicalLabelBox, localLabelBox } from "./label-box.js";
import {
  CENTERED,
  type Justify,
  type LabelShape,
  type SymbolTransform,
  type TextEffects,
  type TextKind,
} from "./text-effects.js";
import type { TextRect } from "./text-rect.js";

export interface TextBoxOptions {
  /** What the text belongs to; decides offsets and outlines. Default "text" (free text). */
  kind?: TextKind;
  /** Global/hierarchical label shape; default "input" (KiCad's default). */
  shape?: LabelShape;
  /** Fields only: the placed symbol's angle and mirror. Default unrotated, unmirrored. */
  symbol?: SymbolTransform;
}

/**
 * The rectangle, in sheet mm, that KiCad 9 inks for a piece of schematic text: glyphs with their
 * pen, plus the outline of global and hierarchical labels.
 *
 * Contract — pass the values AS THE FILE STORES THEM:
 * - `at`: the item's `(at x y …)`; for a field the property's own `(at …)` (absolute in KiCad 9).
 * - `angle`: the item's angle; for a field the property's angle, which is RELATIVE to its symbol
 *   — give the symbol's angle and mirror in `options.symbol` and the effective orientation and
 *   justification are derived the way KiCad does (see field-box.ts).
 * - `justify`: from `(effects (justify …))`, undefined meaning centred. Global and hierarchical
 *   labels ignore it (their side follows the angle).
 * - `effects`: size as [width, height] (effectsFromSexp converts from the file's height-first order).
 *
 * Text that draws nothing (empty, blank, or "~") gives a zero-size box at `at`, except label
 * outlines, which are drawn regardless.
 */
export function textBox(
  text: string,
  at: { x: number; y: number },
  angle: number,
  justify: Justify | undefined,
  effects: TextEffects,
  options: TextBoxOptions = {},
): TextRect {
  const j = justify ?? CENTERED;
  const empty: TextRect = { minX: at.x, minY: at.y, maxX: at.x, maxY: at.y };
  switch (options.kind ?? "text") {
    case "label":
      return localLabelBox(text, at, angle, j, effects) ?? empty;
    case "global_label":
      return globalLabelBox(text, at, angle, options.shape ?? "input", effects);
    case "hierarchical_label":
      return hierarchicalLabelBox(text, at, angle, effects);
    case "field":
      return fieldBox(text, at, angle, j, effects, options.symbol) ?? empty;
    default:
      return freeTextBox(text, at, angle, j, effects) ?? empty;
  }
}
