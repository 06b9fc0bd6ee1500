/** KiCad's invented net names (`Net-(U1A-K)`, `unconnected-(R1-Pad2)`): no reader chose them. */
const AUTO_NAME = /^(Net|unconnected)-\(.*\)$/;

export function isAutoNetName(name: string): boolean {
  return AUTO_NAME.test(name);
}
