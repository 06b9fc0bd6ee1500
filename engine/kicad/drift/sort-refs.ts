/** Natural order for references: R2 before R10, then by prefix. Locale-independent. */
export function compareRefs(a: string, b: string): number {
  const [, ap = "", an = "", ar = ""] = /^(\D*)(\d*)(.*)$/.exec(a) ?? [];
  const [, bp = "", bn = "", br = ""] = /^(\D*)(\d*)(.*)$/.exec(b) ?? [];
  return compare(ap, bp) || Number(an || 0) - Number(bn || 0) || compare(ar, br);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
