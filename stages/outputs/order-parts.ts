import { markdownTables } from "../../engine/flow/gates/markdown.js";
import { findColumns } from "../../engine/kicad/drift/column-roles.js";
import { expandRefs } from "../../engine/kicad/drift/ref-list.js";
import { type SupplierRole, supplierRole } from "../../engine/kicad/export/order-parts.js";
import type { OrderPart } from "../../engine/kicad/export/ordering-bom.js";
import { isPlaceholderPartNumber } from "../parts/gate.js";

/**
 * The schematic's parts with what BOM.md adds: a BOM row's chosen MPN, manufacturer and
 * supplier numbers (LCSC, DigiKey, Mouser columns) fill what the symbol's fields leave empty.
 * The schematic stays the truth for references, values and footprints.
 */
export function withBomColumns(parts: readonly OrderPart[], bom: string | undefined): OrderPart[] {
  if (bom === undefined) return [...parts];
  const extra = new Map<string, Partial<Record<SupplierRole | "mpn", string>>>();
  for (const table of markdownTables(bom)) {
    const columns = findColumns(table.headers);
    const ref = columns.get("ref");
    if (ref === undefined) continue;
    const mpn = columns.get("mpn");
    const roles = table.headers.map((h) => supplierRole(h));
    for (const row of table.rows) {
      const cells = row.cells ?? [];
      for (const r of expandRefs(cells[ref] ?? "").refs) {
        const found = extra.get(r) ?? {};
        const chosen = mpn === undefined ? "" : (cells[mpn] ?? "").trim();
        if (chosen && !isPlaceholderPartNumber(chosen)) found.mpn = chosen;
        roles.forEach((role, i) => {
          const value = (cells[i] ?? "").trim();
          if (role && value && !isPlaceholderPartNumber(value)) found[role] = value;
        });
        extra.set(r, found);
      }
    }
  }
  return parts.map((part) => {
    const add = extra.get(part.ref);
    if (!add) return part;
    return {
      ...part,
      mpn: part.mpn || add.mpn || "",
      manufacturer: part.manufacturer || add.manufacturer || "",
      lcsc: part.lcsc || add.lcsc || "",
      digikey: part.digikey || add.digikey || "",
      mouser: part.mouser || add.mouser || "",
    };
  });
}
