import { compareRefs } from "../../kicad/drift/sort-refs.js";
import type { SchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { type Net, netlist } from "../../kicad/schematic/netlist/netlist.js";
import { pinsOf } from "../../kicad/schematic/pins-of.js";
import { compareCodePoints } from "../../kicad/sexp/sheet-order.js";
import type { DiffReport, SchematicChange } from "../diff-report.js";
import { sortChanges } from "../sort-changes.js";
import { diffNets } from "./diff-nets.js";
import { diffParts } from "./diff-parts.js";
import { diffSheets } from "./diff-sheets.js";
import { type Part, partsOf } from "./parts.js";

type SchematicSection = DiffReport["schematic"];

/** Net names power symbols give (KiCad 9: the symbol's value; older files: its pin's name). */
function powerNames(hierarchy: SchematicHierarchy | undefined): Set<string> {
  const names = new Set<string>();
  if (!hierarchy) return names;
  for (const schematic of hierarchy.files.values()) {
    for (const symbol of schematic.powerSymbols) {
      if (symbol.value) names.add(symbol.value);
      for (const pin of pinsOf(symbol, symbol.unit))
        if (pin.name && pin.name !== "~") names.add(pin.name);
    }
  }
  return names;
}

/** Reference → pin number → net name (the first net, for a pin KiCad lists twice). */
function pinsByRef(nets: readonly Net[]): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const net of nets) {
    for (const node of net.nodes) {
      let pins = out.get(node.ref);
      if (!pins) {
        pins = new Map();
        out.set(node.ref, pins);
      }
      if (!pins.has(node.pin)) pins.set(node.pin, net.name);
    }
  }
  return out;
}

/**
 * The electrical diff of two schematic hierarchies (either may be missing: a design added or
 * deleted): sheets, parts and their fields, nets and pins, and the power rails they touch.
 * Pure over the loaded hierarchies; geometry is left to the pictures.
 */
export function diffSchematic(
  before: SchematicHierarchy | undefined,
  after: SchematicHierarchy | undefined,
): SchematicSection {
  const netsBefore = before ? netlist(before).nets : [];
  const netsAfter = after ? netlist(after).nets : [];
  const partsBefore = before ? partsOf(before) : new Map<string, Part>();
  const partsAfter = after ? partsOf(after) : new Map<string, Part>();

  const sheets = diffSheets(before, after);
  const parts = diffParts(partsBefore, partsAfter, sheets.renames);
  const reshaped = new Set(
    parts.changes
      .filter((c) => c.kind === "symbol-changed" || c.kind === "units-changed")
      .map((c) => (c as { ref: string }).ref),
  );
  const nets = diffNets({ before: netsBefore, after: netsAfter, refMap: parts.refMap, reshaped });

  const changes: SchematicChange[] = [...sheets.changes, ...parts.changes, ...nets.changes];
  if (parts.added.size > 0) {
    const pins = pinsByRef(netsAfter);
    for (const ref of parts.added) {
      changes.push({ kind: "part-added", ...basics(partsAfter.get(ref)!, pins.get(ref)) });
    }
  }
  if (parts.removed.size > 0) {
    const pins = pinsByRef(netsBefore);
    for (const ref of parts.removed) {
      changes.push({ kind: "part-removed", ...basics(partsBefore.get(ref)!, pins.get(ref)) });
    }
  }
  const power = new Set([...powerNames(before), ...powerNames(after)]);
  return {
    status: before || after ? "compared" : "absent",
    sheets: { before: before?.instances.length ?? null, after: after?.instances.length ?? null },
    parts: { before: before ? partsBefore.size : null, after: after ? partsAfter.size : null },
    nets: { before: before ? netsBefore.length : null, after: after ? netsAfter.length : null },
    powerRailsTouched: [...nets.touched].filter((n) => power.has(n)).sort(compareCodePoints),
    changes: sortChanges(changes),
  };
}

function basics(part: Part, pins: ReadonlyMap<string, string> | undefined) {
  const sorted = [...(pins ?? [])].sort(([x], [y]) => compareRefs(x, y) || compareCodePoints(x, y));
  return {
    ref: part.ref,
    value: part.value === "~" ? "" : part.value,
    footprint: part.footprint === "~" ? "" : part.footprint,
    symbol: part.symbol,
    sheets: part.sheets,
    pins: Object.fromEntries(sorted),
  };
}
