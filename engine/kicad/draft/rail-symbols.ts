import type { Rect } from "../geometry/rect.js";
import type { CatalogSymbol } from "../library/symbol-catalog.js";
import type { Rotation } from "../schematic/placed-symbol.js";
import type { LibSymbol } from "../symbol/lib-symbol.js";
import { unitGeometry } from "./unit-geometry.js";

/**
 * Which installed power symbol draws a net: the `power:` symbol of the same name when KiCad has
 * one (`+5V`, `GND`, `VBUS`), else the generic `VCC` rail or `GND` ground with the value set to
 * the net name (KiCad 9 names a power net by the symbol's value).
 */
export interface RailSymbols {
  rail(net: string): string;
  ground(net: string): string;
  flag: string;
  /** What the symbol draws around its pin, turned by `rotation`, in sheet axes. */
  graphic(libId: string, rotation: Rotation): Rect;
}

export const POWER_LIBRARY = "power";

/** Stand-in when the symbol is not at hand: room for KiCad's largest power graphics, any way up. */
const GENERIC: Rect = { minX: -2.54, minY: -2.54, maxX: 2.54, maxY: 2.54 };

export function railSymbolIds(
  available: ReadonlySet<string>,
  symbols: ReadonlyMap<string, LibSymbol> = new Map(),
): RailSymbols {
  const own = (net: string) => `${POWER_LIBRARY}:${net}`;
  const boxes = new Map<string, Rect>();
  return {
    rail: (net) => (available.has(own(net)) ? own(net) : `${POWER_LIBRARY}:VCC`),
    ground: (net) => (available.has(own(net)) ? own(net) : `${POWER_LIBRARY}:GND`),
    flag: `${POWER_LIBRARY}:PWR_FLAG`,
    graphic(libId, rotation) {
      const id = `${libId}@${rotation}`;
      let box = boxes.get(id);
      if (!box) {
        const symbol = symbols.get(libId);
        box = symbol ? unitGeometry(symbol, 1, rotation).body : GENERIC;
        boxes.set(id, box);
      }
      return box;
    },
  };
}

/** True for a symbol that can stand for a net of this class (a rail symbol drawn as ground would mislead). */
export function fitsClass(symbol: CatalogSymbol, ground: boolean): boolean {
  if (!symbol.symbol.power) return false;
  const looksGround = /GND|VSS|Earth/i.test(symbol.name);
  return looksGround === ground;
}
