import type { PlacedSymbol } from "../schematic/placed-symbol.js";

/**
 * What a placed symbol is to the scorer. `power`: a power port (GND, +5V), which connects by
 * name. `flag`: PWR_FLAG and friends, ERC annotations that draw no circuit. `graphic`: no pins
 * or a virtual `#` reference (logos, artwork). `part`: everything a reader follows wires to.
 */
export type SymbolRole = "part" | "power" | "flag" | "graphic";

export function symbolRole(symbol: PlacedSymbol): SymbolRole {
  if (!symbol.lib) return "graphic";
  const name = symbol.libId.slice(symbol.libId.indexOf(":") + 1);
  if (name === "PWR_FLAG" || symbol.reference.startsWith("#FLG")) return "flag";
  if (symbol.power || symbol.reference.startsWith("#PWR")) return "power";
  if (symbol.reference.startsWith("#") || symbol.lib.pins.length === 0) return "graphic";
  return "part";
}
