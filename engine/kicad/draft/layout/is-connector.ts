import type { ResolvedPart } from "../resolved-intent.js";

/** A part from one of KiCad's Connector libraries (`Connector`, `Connector_Generic`, …). */
export function isConnector(part: ResolvedPart): boolean {
  return part.symbol.libId.startsWith("Connector");
}
