import { child, flag, numberAt, type SList, textAt } from "../sexp/node.js";

export type HorizontalJustify = "left" | "center" | "right";
export type VerticalJustify = "top" | "center" | "bottom";

/** How a text is drawn: `(effects (font (size h w) …) (justify …) (hide yes))`. */
export interface TextEffects {
  /** Character height and width in mm (KiCad writes `(size height width)`). */
  size: { height: number; width: number };
  thickness: number | undefined;
  bold: boolean;
  italic: boolean;
  justifyH: HorizontalJustify;
  justifyV: VerticalJustify;
  /** `(justify … mirror)`: text drawn mirrored (used by labels on the back of things). */
  mirror: boolean;
  hidden: boolean;
}

/** KiCad's default text size when a file omits the font. */
export const DEFAULT_TEXT_SIZE = 1.27;

export function defaultEffects(): TextEffects {
  return {
    size: { height: DEFAULT_TEXT_SIZE, width: DEFAULT_TEXT_SIZE },
    thickness: undefined,
    bold: false,
    italic: false,
    justifyH: "center",
    justifyV: "center",
    mirror: false,
    hidden: false,
  };
}

/**
 * Reads the `(effects …)` child of `owner`. A missing effects list yields KiCad's defaults;
 * both `(hide yes)` and the bare `hide` atom of older files are understood.
 */
export function readEffects(owner: SList): TextEffects {
  const effects = defaultEffects();
  const node = child(owner, "effects");
  if (!node) return effects;
  const font = child(node, "font");
  if (font) {
    const size = child(font, "size");
    const height = numberAt(size, 1);
    const width = numberAt(size, 2);
    if (height !== undefined) effects.size = { height, width: width ?? height };
    effects.thickness = numberAt(child(font, "thickness"), 1);
    effects.bold = flag(font, "bold") ?? false;
    effects.italic = flag(font, "italic") ?? false;
  }
  const justify = child(node, "justify");
  if (justify) {
    for (let i = 1; i < justify.items.length; i++) {
      const word = textAt(justify, i);
      if (word === "left" || word === "right") effects.justifyH = word;
      else if (word === "top" || word === "bottom") effects.justifyV = word;
      else if (word === "mirror") effects.mirror = true;
    }
  }
  effects.hidden = flag(node, "hide") ?? false;
  return effects;
}
