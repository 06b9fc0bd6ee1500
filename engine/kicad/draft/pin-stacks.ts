import type { LibSymbol } from "../symbol/lib-symbol.js";
import type { LibPin } from "../symbol/pin.js";
import { unitPins } from "../symbol/unit-items.js";
import { unitsOf } from "./unit-geometry.js";

/**
 * Pins of one unit drawn at the same point (a regulator's two IN pins, an exposed pad under a
 * GND pin): KiCad joins them, whatever the intent says, so they are one connection.
 */
export interface PinStack {
  unit: number;
  /** Two or more, one per pin number, in library order (the first is the one drawn). */
  pins: LibPin[];
}

/**
 * Every stack of a symbol (normal body style; a pin common to all units is stacked once),
 * in library order.
 */
export function pinStacks(symbol: LibSymbol): PinStack[] {
  const stacks: PinStack[] = [];
  const seen = new Set<string>();
  for (const unit of unitsOf(symbol)) {
    const at = new Map<string, LibPin[]>();
    const numbers = new Set<string>();
    for (const pin of unitPins(symbol, unit)) {
      if (numbers.has(pin.number)) continue;
      numbers.add(pin.number);
      const spot = `${pin.at.x},${pin.at.y}`;
      at.set(spot, [...(at.get(spot) ?? []), pin]);
    }
    for (const pins of at.values()) {
      if (pins.length < 2) continue;
      const id = pins
        .map((p) => p.number)
        .sort()
        .join("\n");
      if (seen.has(id)) continue;
      seen.add(id);
      stacks.push({ unit, pins });
    }
  }
  return stacks;
}

/** `3 (IN)`, or `3` for a pin without a name. */
export function pinWithName(pin: LibPin): string {
  return pin.name && pin.name !== "~" ? `${pin.number} (${pin.name})` : pin.number;
}
