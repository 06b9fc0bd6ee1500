/**
 * Whether a document's footprint claim fits the schematic's footprint. Documents write the full
 * `Lib:Name`, the name alone, or a package ("0402", "SOT-23", "SOIC-8"); a package matches when
 * its words appear in the footprint name followed by nothing or by a dimension word
 * ("R_0402_1005Metric", "SOIC-8_3.9x4.9mm_P1.27mm") — so "SOT-23" does not match "SOT-23-5".
 */
export function footprintMatches(claim: string, actual: string): boolean {
  const c = words(claim);
  const a = words(actual);
  if (c.length === 0) return a.length === 0;
  if (c.join(" ") === a.join(" ")) return true;
  const name = words(actual.includes(":") ? actual.slice(actual.indexOf(":") + 1) : actual);
  if (c.join(" ") === name.join(" ")) return true;
  for (let start = 0; start + c.length <= name.length; start++) {
    if (!c.every((w, i) => name[start + i] === w)) continue;
    const after = name[start + c.length];
    if (after === undefined || isDimension(after)) return true;
  }
  return false;
}

function words(text: string): string[] {
  return text
    .trim()
    .toLowerCase()
    .split(/[\s_\-:]+/)
    .filter(Boolean);
}

/** "1005metric", "3.9x4.9mm", "p1.27mm", "w7.5mm", "l1.6mm", "handsoldering", "pad…" */
function isDimension(word: string): boolean {
  return /metric|mm$|mil$|handsolder|^pad|^[a-z]?\d+(\.\d+)?x\d/.test(word);
}
