import type { CatalogSymbol } from "../library/symbol-catalog.js";

/**
 * Which installed power symbol draws a net: the `power:` symbol of the same name when KiCad has
 * one (`+5V`, `GND`, `VBUS`), else the generic `VCC` rail or `GND` ground with the value set to
 * the net name (KiCad 9 names a power net by the symbol's value).
 */
export interface RailSymbols {
  rail(net: string): string;
  ground(net: string): string;
  flag: string;
}

export const POWER_LIBRARY = "power";

export function railSymbolIds(available: ReadonlySet<string>): RailSymbols {
  const own = (net: string) => `${POWER_LIBRARY}:${net}`;
  return {
    rail: (net) => (available.has(own(net)) ? own(net) : `${POWER_LIBRARY}:VCC`),
    ground: (net) => (available.has(own(net)) ? own(net) : `${POWER_LIBRARY}:GND`),
    flag: `${POWER_LIBRARY}:PWR_FLAG`,
  };
}

/** True for a symbol that can stand for a net of this class (a rail symbol drawn as ground would mislead). */
export function fitsClass(symbol: CatalogSymbol, ground: boolean): boolean {
  if (!symbol.symbol.power) return false;
  const looksGround = /GND|VSS|Earth/i.test(symbol.name);
  return looksGround === ground;
}
