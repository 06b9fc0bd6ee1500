import { cellText } from "./cell-text.js";

/** What a BOM or PINOUT column holds, whatever its header says. */
export type ColumnRole = "ref" | "value" | "footprint" | "mpn" | "qty" | "pin" | "pinName" | "net";

/**
 * Header spellings per role, compared after `headerKey` (lower case, "#" read as "number",
 * "(s)" plurals and punctuation dropped). Extend here when a document uses another spelling.
 */
const SYNONYMS: Record<ColumnRole, readonly string[]> = {
  ref: [
    "ref",
    "refs",
    "refdes",
    "ref des",
    "reference",
    "references",
    "designator",
    "designators",
    "ref designator",
    "reference designator",
    "reference designators",
    "part reference",
  ],
  value: ["value", "values", "val"],
  footprint: ["footprint", "package", "pkg", "case", "package footprint", "footprint package"],
  mpn: [
    "mpn",
    "part number",
    "part no",
    "pn",
    "p n",
    "manufacturer part",
    "manufacturer part number",
    "manufacturer pn",
    "mfr part",
    "mfr part number",
    "mfr pn",
    "mfr number",
    "mfg part",
    "mfg part number",
    "mfg pn",
  ],
  qty: ["qty", "quantity", "count", "qnty", "pcs"],
  pin: ["pin", "pins", "pin number", "pin no", "pin num", "pad", "ball"],
  pinName: ["name", "pin name", "function", "pin function"],
  net: ["net", "nets", "net name", "signal", "signal name", "connected to", "connection"],
};

const BY_KEY = new Map<string, ColumnRole>();
for (const [role, keys] of Object.entries(SYNONYMS) as [ColumnRole, readonly string[]][])
  for (const key of keys) BY_KEY.set(key, role);

/** The normalized form headers are matched in. */
export function headerKey(header: string): string {
  return cellText(header)
    .toLowerCase()
    .replace(/#/g, " number ")
    .replace(/\(s\)/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

export function columnRole(header: string): ColumnRole | undefined {
  return BY_KEY.get(headerKey(header));
}

/** Role → column index; the first column wins when two headers mean the same thing. */
export function findColumns(headers: readonly string[]): Map<ColumnRole, number> {
  const found = new Map<ColumnRole, number>();
  headers.forEach((header, i) => {
    const role = columnRole(header);
    if (role && !found.has(role)) found.set(role, i);
  });
  return found;
}

/** The header spellings recognised, for messages and docs. */
export function recognisedHeaders(role: ColumnRole): readonly string[] {
  return SYNONYMS[role];
}
