/**
 * The symbol field that holds the manufacturer part number, if the schematic has one: a field
 * named like MPN, "Manufacturer Part Number", "Mfr. #", "Part Number", "P/N".
 */
export function mpnOf(fields: Record<string, string> | undefined): string | undefined {
  if (!fields) return undefined;
  for (const [name, value] of Object.entries(fields)) {
    if (MPN_FIELD.test(fieldKey(name)) && value.trim() && value.trim() !== "~") return value.trim();
  }
  return undefined;
}

const MPN_FIELD =
  /^(mpn|pn|p n|part number|part no|manufacturer part|manufacturer part number|manufacturer pn|mfr part|mfr part number|mfr pn|mfr number|mfg part|mfg part number|mfg pn)$/;

function fieldKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/#/g, " number ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Part numbers compare without case and whitespace ("RC0402FR-0710KL" = "rc0402fr-0710kl"). */
export function mpnMatches(claim: string, actual: string): boolean {
  const fold = (s: string) => s.toLowerCase().replace(/\s+/g, "");
  return fold(claim) === fold(actual);
}
