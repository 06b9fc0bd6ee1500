import type { DriftDesign, DriftSymbol } from "../kicad/drift/drift-design.js";
import { annotationOf, type SchematicHierarchy } from "../kicad/schematic/hierarchy.js";
import type { Netlist } from "../kicad/schematic/netlist/netlist.js";

/** Fields every KiCad symbol has; the rest (MPN, Manufacturer, …) are what BOM rows may claim. */
const STANDARD_FIELDS = new Set(["Reference", "Value", "Footprint", "Datasheet", "Description"]);

/**
 * What drift compares BOM.md and PINOUT.md against, from our own views and netlister: one
 * symbol per reference (the units of a multi-unit part merged, with every unit's pins), power
 * and flag symbols left out as KiCad's BOM does.
 */
export function driftDesignOf(hierarchy: SchematicHierarchy, nets: Netlist): DriftDesign {
  const byRef = new Map<string, DriftSymbol>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const { reference } = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || reference.startsWith("#")) continue;
      if (byRef.has(reference)) continue;
      const fields: Record<string, string> = {};
      for (const property of symbol.properties) {
        if (!STANDARD_FIELDS.has(property.name)) fields[property.name] = property.value;
      }
      const pins = new Map<string, string>();
      for (const pin of symbol.lib?.pins ?? [])
        if (!pins.has(pin.number)) pins.set(pin.number, pin.name);
      byRef.set(reference, {
        ref: reference,
        value: symbol.value,
        footprint: symbol.footprint,
        fields,
        dnp: symbol.dnp,
        inBom: symbol.inBom,
        pins: [...pins].map(([number, name]) => ({ number, name })),
      });
    }
  }
  return {
    symbols: [...byRef.values()],
    nets: nets.nets.map((net) => ({
      name: net.name,
      members: net.nodes.map((node) => ({ ref: node.ref, pin: node.pin, pinName: node.pinName })),
    })),
  };
}
