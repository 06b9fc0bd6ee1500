import { type Box, emptyBox, extendBox } from "../symbol/geometry.js";
import { graphicOutline } from "../symbol/graphic-outline.js";
import { unitGraphics } from "../symbol/unit-items.js";
import { pinsOf } from "./pins-of.js";
import type { PlacedSymbol } from "./placed-symbol.js";
import { libToSheet } from "./transform.js";

export interface SymbolBoxOptions {
  /** The unit to draw (default: the symbol's own). */
  unit?: number;
  /** Include hidden pins (default false: they are not drawn). */
  hiddenPins?: boolean;
}

/**
 * The sheet-mm box of a placed symbol's body graphics and pins (fields excluded: they move
 * independently and are checked on their own). A symbol with nothing to draw gets a zero-size
 * box at its origin.
 */
export function symbolBoundingBox(symbol: PlacedSymbol, options: SymbolBoxOptions = {}): Box {
  const unit = options.unit ?? symbol.unit;
  const box = emptyBox();
  if (symbol.lib) {
    for (const graphic of unitGraphics(symbol.lib, unit, symbol.bodyStyle)) {
      for (const p of graphicOutline(graphic)) extendBox(box, libToSheet(p, symbol));
    }
  }
  for (const pin of pinsOf(symbol, unit)) {
    if (pin.hidden && !options.hiddenPins) continue;
    extendBox(box, pin.at);
    extendBox(box, pin.bodyEnd);
  }
  if (box.minX > box.maxX) extendBox(box, symbol.at);
  return box;
}
