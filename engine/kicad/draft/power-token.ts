/**
 * The text a power net becomes as a power symbol's value token. KiCad keeps other characters,
 * but copperhead names the vendored rail symbols and their UUIDs after it, so two rails must
 * never share one token.
 */
export function powerToken(netName: string): string {
  return netName.replace(/[^A-Za-z0-9_+.-]/g, "_");
}
