/**
 * Net and pin names as documents write them versus as the netlister names them.
 * - "/SDA" (a local label on the root) or "/power/SDA" is "SDA" to a reader;
 * - "~{RESET}" (overbar markup) is "~RESET" too; "{slash}" is "/";
 * - case is ignored (two nets differing only in case would be a schematic defect of its own).
 */
export function foldNetName(name: string): string {
  return name
    .trim()
    .replace(/\{slash\}/g, "/")
    .replace(/~\{([^}]*)\}/g, "~$1")
    .toLowerCase();
}

/** Whether a document's net claim names the netlist's net. */
export function netMatches(claim: string, actual: string): boolean {
  const c = foldNetName(claim);
  const a = foldNetName(actual);
  if (c === a) return true;
  return !c.includes("/") && a.split("/").pop() === c;
}

const NO_CONNECTION =
  /^(nc|n\/c|n\.c\.?|no ?connect(ion)?|not connected|unconnected|unused|none|open|-|–|—)$/i;

/** A claim that a pin is not connected. */
export function claimsNoConnection(claim: string): boolean {
  return NO_CONNECTION.test(claim.trim());
}

/** A netlister name for a pin that connects to nothing else. */
export function isUnconnectedNet(name: string, memberCount: number): boolean {
  return name.startsWith("unconnected-") || (memberCount <= 1 && name.startsWith("Net-("));
}

/** Whether a document's pin-name claim fits the symbol's pin name ("PA5/SPI1_SCK" has two). */
export function pinNameMatches(claim: string, actual: string): boolean {
  const c = foldNetName(claim);
  const a = foldNetName(actual);
  return c === a || a.split("/").some((part) => part === c);
}
