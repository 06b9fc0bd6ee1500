import type { Graphic } from "./graphic.js";
import type { LibSymbol, LibUnit } from "./lib-symbol.js";
import type { LibPin } from "./pin.js";

/**
 * The sub-symbols drawn for one placed unit: unit 0 is common to every unit and body style 0
 * common to both styles, exactly as KiCad draws a multi-unit / De Morgan symbol.
 */
export function unitsFor(symbol: LibSymbol, unit: number, bodyStyle = 1): LibUnit[] {
  return symbol.units.filter(
    (u) => (u.unit === 0 || u.unit === unit) && (u.bodyStyle === 0 || u.bodyStyle === bodyStyle),
  );
}

/** The pins a placed unit has (common pins included). */
export function unitPins(symbol: LibSymbol, unit: number, bodyStyle = 1): LibPin[] {
  return unitsFor(symbol, unit, bodyStyle).flatMap((u) => u.pins);
}

/** The body graphics a placed unit draws (common graphics included). */
export function unitGraphics(symbol: LibSymbol, unit: number, bodyStyle = 1): Graphic[] {
  return unitsFor(symbol, unit, bodyStyle).flatMap((u) => u.graphics);
}
