import { mpnOf } from "../drift/mpn-field.js";
import { annotationOf, type SchematicHierarchy } from "../schematic/hierarchy.js";
import type { OrderPart } from "./ordering-bom.js";

/** What a symbol field or a BOM column names, beyond the MPN. */
export type SupplierRole = "manufacturer" | "lcsc" | "digikey" | "mouser";

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

const ROLES: ReadonlyArray<readonly [SupplierRole, RegExp]> = [
  ["manufacturer", /^(manufacturer|manufacturername|mfr|mfg|mfrname|maker|vendor)$/],
  ["lcsc", /^(lcsc|lcscpart|lcscpartnumber|lcscpn|jlcpcb|jlcpcbpart|jlc|jlcpart)(number|#)?$/],
  ["digikey", /^(digikey|digikeypart|digikeypartnumber|digikeypn|dk|dkpn)$/],
  ["mouser", /^(mouser|mouserpart|mouserpartnumber|mouserpn)$/],
];

/** The role of a field or column name ("Manufacturer", "LCSC Part #", "Digi-Key_PN", …). */
export function supplierRole(name: string): SupplierRole | undefined {
  const k = key(name.replace(/#/g, ""));
  return ROLES.find(([, pattern]) => pattern.test(k))?.[0];
}

/**
 * The parts the ordering BOM lists, from the schematic: every annotated symbol that is in the
 * BOM (power symbols and `in_bom no` left out, units of one part merged), with its value,
 * footprint and the MPN, manufacturer and supplier numbers its fields carry.
 */
export function schematicOrderParts(hierarchy: SchematicHierarchy): OrderPart[] {
  const parts = new Map<string, OrderPart>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const { reference } = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || reference.startsWith("#") || !symbol.inBom || parts.has(reference))
        continue;
      const fields: Record<string, string> = {};
      for (const p of symbol.properties) fields[p.name] = p.value === "~" ? "" : p.value;
      const part: OrderPart = {
        ref: reference,
        value: symbol.value,
        footprint: symbol.footprint,
        mpn: mpnOf(fields) ?? "",
        manufacturer: "",
        lcsc: "",
        digikey: "",
        mouser: "",
        dnp: symbol.dnp,
      };
      for (const [name, value] of Object.entries(fields)) {
        const role = supplierRole(name);
        if (role && value.trim()) part[role] = value.trim();
      }
      parts.set(reference, part);
    }
  }
  return [...parts.values()];
}
