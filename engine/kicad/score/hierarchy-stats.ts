import { checkLegibility } from "../legibility/check-legibility.js";
import { parseLegibilityConfig } from "../legibility/config.js";
import type { FamilyKind } from "../legibility/families.js";
import type { LegibilityReport } from "../legibility/report.js";
import { annotationOf, type SchematicHierarchy } from "../schematic/hierarchy.js";
import { flowCounts } from "./flow-stats.js";
import { addStats, NO_STATS, type SheetStats, sheetStats } from "./sheet-stats.js";

/**
 * The stats of every sheet instance of the hierarchy, added up. A file used by several
 * instances is measured once per distinct set of units it shows (usually once), since
 * the drawing is the same; it still counts once per instance, as KiCad shows one page each.
 */
export function hierarchyStats(
  hierarchy: SchematicHierarchy,
  legibility?: LegibilityReport,
): SheetStats {
  const measured = new Map<string, SheetStats>();
  let total: SheetStats = { ...NO_STATS };
  for (const instance of hierarchy.instances) {
    const symbols = instance.schematic.symbols;
    const units = symbols.map((symbol) => annotationOf(hierarchy, instance, symbol).unit);
    const key = `${instance.file}\u0000${units.join(",")}`;
    let stats = measured.get(key);
    if (!stats) {
      stats = sheetStats(instance.schematic, (i) => units[i] ?? symbols[i]!.unit);
      measured.set(key, stats);
    }
    total = addStats(total, stats);
  }
  const flow = flowCounts(hierarchy);
  const report = legibility ?? checkLegibility(hierarchy, { config: parseLegibilityConfig({}) });
  const found = findingsByFamily(report);
  const sum = (...kinds: FamilyKind[]) => kinds.reduce((n, k) => n + (found.get(k) ?? 0), 0);
  return {
    ...total,
    forwardSteps: flow.forwardSteps,
    steps: flow.steps,
    facingPins: flow.facingPins,
    flowPins: flow.pins,
    nearNets: flow.nearNets,
    smallNets: flow.smallNets,
    textFindings: sum("text-collision", "text-touching"),
    turnedPorts: sum("power-orientation"),
    wireFindings: sum("same-net-crossing", "wire-hugging"),
    labelFindings: sum("label-leads-nowhere", "duplicate-label", "auto-named-label"),
  };
}

/**
 * Findings per family, whatever their configured severity (a family switched off counts 0),
 * including those the per-family cap kept out of the list.
 */
export function findingsByFamily(report: LegibilityReport): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of report.findings) out.set(f.kind, (out.get(f.kind) ?? 0) + 1);
  for (const s of report.suppressed) out.set(s.family, (out.get(s.family) ?? 0) + s.count);
  return out;
}
