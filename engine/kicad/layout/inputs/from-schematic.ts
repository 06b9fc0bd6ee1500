import { basename } from "node:path";
import { classifyNetName } from "../../draft/net-class.js";
import { annotationOf, type SchematicHierarchy } from "../../schematic/hierarchy.js";
import { netlist } from "../../schematic/netlist/netlist.js";
import type { PinElectricalType } from "../../symbol/pin.js";
import { propertyValue } from "../../symbol/property.js";
import type { LayoutInput, LayoutNet, LayoutPart } from "../layout-input.js";

export interface FromSchematicOptions {
  /** Reference → subsystem, e.g. from the drafter's intent; sub-sheets group parts otherwise. */
  groups?: ReadonlyMap<string, string>;
}

/**
 * The layout input of a schematic: every annotated, on-board symbol (units joined under their
 * reference) with its footprint, and copperhead's netlist. A net's kind: a ground name; a net a
 * power symbol names (ground when the name says so); then the drafter's rule (power pins,
 * rail names). Multi-unit parts link to the board through their first unit's uuid, as KiCad does.
 */
export function layoutInputFromSchematic(
  hierarchy: SchematicHierarchy,
  options: FromSchematicOptions = {},
): LayoutInput {
  const parts = new Map<string, LayoutPart & { unit: number }>();
  const powerNames = new Set<string>();
  const rootPath = hierarchy.root.uuidPath;
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      const note = annotationOf(hierarchy, instance, symbol);
      if (symbol.power) {
        powerNames.add(symbol.value);
        continue;
      }
      if (!note.annotated || note.reference.startsWith("#") || !symbol.onBoard) continue;
      const existing = parts.get(note.reference);
      const below = instance.uuidPath.slice(rootPath.length);
      const part = {
        ref: note.reference,
        value: symbol.value,
        footprint: symbol.footprint || existing?.footprint || "",
        path: symbol.uuid ? `${below}/${symbol.uuid}` : undefined,
        sheetName: instance.path,
        sheetFile: basename(instance.file),
        datasheet: propertyValue(symbol.properties, "Datasheet") ?? "",
        description: propertyValue(symbol.properties, "Description") ?? "",
        inBom: symbol.inBom,
        dnp: symbol.dnp,
        group:
          options.groups?.get(note.reference) ??
          (instance.path === "/" ? undefined : instance.path),
        unit: note.unit,
      };
      if (!existing || note.unit < existing.unit) parts.set(note.reference, part);
    }
  }
  const onBoard = new Set(parts.keys());
  const nets: LayoutNet[] = [];
  for (const net of netlist(hierarchy).nets) {
    const pins = net.nodes
      .filter((n) => n.onBoard && onBoard.has(n.ref))
      .map((n) => ({ ref: n.ref, pin: n.pin, pinName: n.pinName, pinType: n.pinType }));
    if (pins.length === 0) continue;
    const types = pins.map((p) => p.pinType as PinElectricalType);
    const byRule = classifyNetName(net.name, types);
    const kind = byRule.class === "signal" && powerNames.has(net.name) ? "power" : byRule.class;
    const basis =
      byRule.class === "signal" && powerNames.has(net.name) ? "power symbol" : byRule.basis;
    nets.push({ name: net.name, kind, basis, pins });
  }
  const sorted = [...parts.values()]
    .map(({ unit: _unit, ...part }) => part)
    .sort((a, b) => a.ref.localeCompare(b.ref, "en", { numeric: true }));
  const title = hierarchy.root.schematic.titleBlock?.title || hierarchy.project;
  return { title, parts: sorted, nets };
}
