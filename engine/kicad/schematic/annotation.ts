import type { Violation } from "../violation.js";
import { annotationOf, type SchematicHierarchy, type SheetInstance } from "./hierarchy.js";
import type { PlacedSymbol } from "./placed-symbol.js";

interface Placement {
  instance: SheetInstance;
  symbol: PlacedSymbol;
  reference: string;
  unit: number;
}

function item(p: Placement): Violation["items"][number] {
  const unit = (p.symbol.lib?.unitCount ?? 1) > 1 ? ` unit ${p.unit}` : "";
  return {
    description: `Symbol ${p.reference}${unit} [${p.symbol.value}] on sheet ${p.instance.path}`,
    pos: { x: p.symbol.at.x, y: p.symbol.at.y },
    uuid: p.symbol.uuid,
  };
}

/** Power and flag symbols are annotated by KiCad itself (#PWR…, #FLG…) and never checked. */
function isPowerOrFlag(symbol: PlacedSymbol, reference: string): boolean {
  return symbol.power || reference.startsWith("#");
}

/**
 * What kicad-cli's ERC does not check (kicad-facts §0.3): references still ending in "?",
 * and references used twice across the hierarchy. Units of one multi-unit part share a
 * reference legitimately; the same reference and unit twice, or a single-unit reference on
 * two symbols, is a duplicate (KiCad's netlist would silently merge them).
 */
export function checkAnnotation(hierarchy: SchematicHierarchy): Violation[] {
  const violations: Violation[] = [];
  const byReference = new Map<string, Placement[]>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const { reference, unit } = annotationOf(hierarchy, instance, symbol);
      if (isPowerOrFlag(symbol, reference)) continue;
      const placement = { instance, symbol, reference, unit };
      if (reference === "" || reference.endsWith("?")) {
        violations.push({
          type: "unannotated",
          severity: "error",
          description: `Symbol ${reference || "(no reference)"} is not annotated: give it a unique reference (KiCad: Tools → Annotate Schematic)`,
          sheet: instance.path,
          items: [item(placement)],
          source: "copperhead",
        });
        continue;
      }
      const list = byReference.get(reference);
      if (list) list.push(placement);
      else byReference.set(reference, [placement]);
    }
  }
  for (const [reference, placements] of byReference) {
    if (placements.length < 2) continue;
    const multiUnit = placements.every((p) => (p.symbol.lib?.unitCount ?? 1) > 1);
    const units = new Map<number, Placement[]>();
    for (const p of placements) {
      const key = multiUnit ? p.unit : 0;
      const list = units.get(key);
      if (list) list.push(p);
      else units.set(key, [p]);
    }
    const clashing = [...units.values()].filter((list) => list.length > 1).flat();
    if (clashing.length === 0) continue;
    const first = clashing[0]!;
    const what = multiUnit ? `reference ${reference} with the same unit` : `reference ${reference}`;
    violations.push({
      type: "duplicate_reference",
      severity: "error",
      description: `${clashing.length} symbols share ${what}: renumber all but one (KiCad: Tools → Annotate Schematic, "reset existing annotations")`,
      sheet: first.instance.path,
      items: clashing.map(item),
      source: "copperhead",
    });
  }
  return violations;
}
