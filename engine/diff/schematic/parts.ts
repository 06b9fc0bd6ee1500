import { annotationOf, type SchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import type { PlacedSymbol } from "../../kicad/schematic/placed-symbol.js";

/** Fields compared on their own (value, footprint) or never (the reference is the key). */
const OWN_FIELDS = new Set(["Reference", "Value", "Footprint"]);

/**
 * One part of the design: every unit placed under one reference, across the hierarchy. The
 * diff keys parts by reference because that is what a reviewer, a BOM and the board know.
 */
export interface Part {
  ref: string;
  value: string;
  footprint: string;
  symbol: string;
  /** Every other field with a non-empty value (KiCad's re-save adds empty ones). */
  fields: Map<string, string>;
  units: number[];
  /** Human paths of the sheet instances holding a unit, sorted. */
  sheets: string[];
  dnp: boolean;
  inBom: boolean;
  onBoard: boolean;
  excludeFromSim: boolean;
  /** `<sheet uuid path>/<symbol uuid>` of each unit: the identity a re-annotation keeps. */
  identities: string[];
}

/**
 * The parts of a hierarchy by reference. Power and flag symbols (`#PWR`, `#FLG`) are not parts,
 * as in KiCad's netlist; the unit with the lowest number speaks for the part's fields.
 */
export function partsOf(hierarchy: SchematicHierarchy): Map<string, Part> {
  const units = new Map<
    string,
    { unit: number; symbol: PlacedSymbol; sheet: string; id: string }[]
  >();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      if (symbol.power) continue;
      const note = annotationOf(hierarchy, instance, symbol);
      if (note.reference.startsWith("#") || note.reference === "") continue;
      const list = units.get(note.reference) ?? [];
      list.push({
        unit: note.unit,
        symbol,
        sheet: instance.path,
        id: `${instance.uuidPath}/${symbol.uuid ?? ""}`,
      });
      units.set(note.reference, list);
    }
  }
  const parts = new Map<string, Part>();
  for (const [ref, list] of units) {
    list.sort((a, b) => a.unit - b.unit);
    const first = list[0]!.symbol;
    const fields = new Map<string, string>();
    for (const property of first.properties) {
      if (OWN_FIELDS.has(property.name)) continue;
      const value = property.value.trim();
      if (value !== "" && value !== "~" && !fields.has(property.name)) {
        fields.set(property.name, value);
      }
    }
    parts.set(ref, {
      ref,
      value: first.value,
      footprint: first.footprint,
      symbol: first.libId,
      fields,
      units: [...new Set(list.map((u) => u.unit))].sort((a, b) => a - b),
      sheets: [...new Set(list.map((u) => u.sheet))].sort(),
      dnp: first.dnp,
      inBom: first.inBom,
      onBoard: first.onBoard,
      excludeFromSim: first.excludeFromSim,
      identities: list.map((u) => u.id),
    });
  }
  return parts;
}
