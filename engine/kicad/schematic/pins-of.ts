import type { Point } from "../symbol/geometry.js";
import { asPinType, type LibPin, type PinElectricalType } from "../symbol/pin.js";
import { unitPins } from "../symbol/unit-items.js";
import type { PlacedSymbol } from "./placed-symbol.js";
import { libToSheet, libVectorToSheet, snapMm } from "./transform.js";

export type PinSide = "left" | "right" | "top" | "bottom";

/** A pin of a placed symbol, in sheet mm. */
export interface PlacedPin {
  number: string;
  /** The pin name, or the chosen alternate's name. */
  name: string;
  type: PinElectricalType;
  shape: string;
  hidden: boolean;
  /** The connection point (the pin's outer end). */
  at: Point;
  /** Where the pin line meets the body. */
  bodyEnd: Point;
  /** Which side of the symbol the pin sticks out of, as seen on the sheet. */
  side: PinSide;
  lib: LibPin;
}

/** A library pin's orientation as the unit vector from its connection point into the body. */
export const LIB_PIN_INWARD: Record<number, Point> = {
  0: { x: 1, y: 0 },
  90: { x: 0, y: 1 },
  180: { x: -1, y: 0 },
  270: { x: 0, y: -1 },
};

function sideOf(towardsBody: Point): PinSide {
  if (Math.abs(towardsBody.x) >= Math.abs(towardsBody.y))
    return towardsBody.x > 0 ? "left" : "right";
  return towardsBody.y > 0 ? "top" : "bottom";
}

/**
 * The pins of a placed symbol at their sheet positions (kicad-facts §2.1), for the placed unit
 * and body style (`unit` overrides the symbol's own, e.g. per sheet instance). A symbol whose
 * definition is missing from lib_symbols has no pins, as in KiCad.
 */
export function pinsOf(symbol: PlacedSymbol, unit: number = symbol.unit): PlacedPin[] {
  if (!symbol.lib) return [];
  const alternates = new Map<string, string>();
  for (const entry of symbol.pinEntries) {
    if (entry.alternate) alternates.set(entry.number, entry.alternate);
  }
  return unitPins(symbol.lib, unit, symbol.bodyStyle).map((pin) => {
    const dir = LIB_PIN_INWARD[pin.orientation] ?? LIB_PIN_INWARD[0]!;
    const towardsBody = libVectorToSheet(dir, symbol);
    const at = libToSheet(pin.at, symbol);
    const alternate = alternates.get(pin.number);
    const alt = alternate ? pin.alternates.find((a) => a.name === alternate) : undefined;
    return {
      number: pin.number,
      name: alt?.name ?? pin.name,
      type: alt ? asPinType(alt.type) : pin.type,
      shape: alt?.shape ?? pin.shape,
      hidden: pin.hidden,
      at,
      bodyEnd: {
        x: snapMm(at.x + towardsBody.x * pin.length),
        y: snapMm(at.y + towardsBody.y * pin.length),
      },
      side: sideOf(towardsBody),
      lib: pin,
    };
  });
}
