/** KiCad's invented net names (`Net-(U1A-K)`, `unconnected-(R1-Pad2)`): no reader chose them. */
const AUTO_NAME = /^(?:Net|unconnected)-\((.*)\)$/;

export function isAutoNetName(name: string): boolean {
  return AUTO_NAME.test(name);
}

/** What KiCad put between the parentheses of an invented name (`U1A-K`); undefined for a chosen one. */
export function autoNetNameInner(name: string): string | undefined {
  return AUTO_NAME.exec(name)?.[1];
}
