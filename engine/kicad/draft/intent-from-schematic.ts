import { annotationOf, type SchematicHierarchy } from "../schematic/hierarchy.js";
import type { Netlist } from "../schematic/netlist/netlist.js";
import type { Intent } from "./intent.js";
import { pinKey } from "./resolved-intent.js";

const UNDRAWABLE = /["\\\u0000-\u001f\u007f]/g;

/**
 * An intent that says what an existing design connects: its parts (one per reference, however
 * many units are placed) and its nets as our netlister computes them. Drafting it regenerates
 * a clean sheet with the same connectivity. Groups are the sheet names (`Main` for the root).
 */
export function intentFromSchematic(hierarchy: SchematicHierarchy, nets: Netlist): Intent {
  const parts = new Map<string, Intent["parts"][number]>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      if (symbol.power) continue;
      const { reference, annotated } = annotationOf(hierarchy, instance, symbol);
      if (!annotated || reference.startsWith("#") || parts.has(reference)) continue;
      parts.set(reference, {
        ref: reference,
        libId: symbol.libId,
        value: symbol.value || "~",
        footprint: symbol.footprint || undefined,
        group: instance.name || "Main",
      });
    }
  }
  const used = new Set<string>();
  const intentNets: Intent["nets"] = [];
  for (const net of nets.nets) {
    const pins = [
      ...new Set(
        net.nodes.filter((n) => parts.has(n.ref) && n.pin !== "").map((n) => pinKey(n.ref, n.pin)),
      ),
    ];
    if (pins.length < 2) continue;
    // Root-sheet local names carry KiCad's "/" path prefix; the intent names nets plainly.
    let name = net.name.replace(/^\//, "").replace(UNDRAWABLE, "_") || "N";
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    intentNets.push({ name, pins });
  }
  return { version: 1, parts: [...parts.values()], nets: intentNets };
}
