import { child, flag, numberAt, type SList, textAt } from "../sexp/node.js";
import type { HJustify, Justify, TextEffects, VJustify } from "./text-effects.js";

/** KiCad's default schematic text size, used when `(size …)` is missing. */
const DEFAULT_SIZE = 1.27;

export interface ParsedEffects {
  effects: TextEffects;
  justify: Justify;
  hidden: boolean;
  /**
   * `(font (face "…"))`: a TrueType face instead of KiCad's stroke font. The stroke metrics are
   * then only an approximation.
   */
  face?: string;
}

/**
 * Reads a KiCad `(effects …)` list — both the KiCad 9 form (`(bold yes)`, `(hide yes)`) and the
 * older bare-atom form (`bold`, `hide`). Note the file's `(size HEIGHT WIDTH)` order; the result
 * carries `[width, height]`.
 */
export function effectsFromSexp(node: SList | undefined): ParsedEffects {
  const font = node ? child(node, "font") : undefined;
  const size = font ? child(font, "size") : undefined;
  const height = numberAt(size, 1) ?? DEFAULT_SIZE;
  const width = numberAt(size, 2) ?? height;
  const effects: TextEffects = { size: [width, height] };
  const thickness = font ? numberAt(child(font, "thickness"), 1) : undefined;
  if (thickness !== undefined) effects.thickness = thickness;
  if (font && flag(font, "bold")) effects.bold = true;
  if (font && flag(font, "italic")) effects.italic = true;
  const parsed: ParsedEffects = {
    effects,
    justify: justifyOf(node ? child(node, "justify") : undefined),
    hidden: node ? flag(node, "hide") === true : false,
  };
  const face = font ? textAt(child(font, "face"), 1) : undefined;
  if (face) parsed.face = face;
  return parsed;
}

function justifyOf(node: SList | undefined): Justify {
  let h: HJustify = "center";
  let v: VJustify = "center";
  for (const item of node?.items.slice(1) ?? []) {
    if (item.kind !== "atom") continue;
    if (item.text === "left" || item.text === "right") h = item.text;
    else if (item.text === "top" || item.text === "bottom") v = item.text;
  }
  return { h, v };
}
