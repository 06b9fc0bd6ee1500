import { annotationOf, type SchematicHierarchy } from "../schematic/hierarchy.js";
import { addStats, NO_STATS, type SheetStats, sheetStats } from "./sheet-stats.js";

/**
 * The stats of every sheet instance of the hierarchy, added up. A file used by several
 * instances is measured once per distinct set of units it shows (usually once), since
 * the drawing is the same; it still counts once per instance, as KiCad shows one page each.
 */
export function hierarchyStats(hierarchy: SchematicHierarchy): SheetStats {
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
  return total;
}
