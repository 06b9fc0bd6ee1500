import { relative } from "node:path";
import { loadSchematicHierarchy, type SchematicHierarchy } from "../../schematic/hierarchy.js";
import { hierarchyStats } from "../hierarchy-stats.js";
import type { SheetStats } from "../sheet-stats.js";
import { corpusRoots } from "./corpus-roots.js";

/** One root sheet of a calibration corpus, measured. */
export interface CorpusEntry {
  /** The root's path below the corpus folder, with `/` separators. */
  name: string;
  /** Sheet instances in its hierarchy. */
  sheets: number;
  stats: SheetStats;
}

export interface MeasureOptions {
  /** The roots to measure (default: every root below the folder, see corpusRoots). */
  roots?: readonly string[];
  /** Called with each loaded hierarchy, so a caller can check it further without reloading. */
  each?: (entry: CorpusEntry, hierarchy: SchematicHierarchy) => void;
}

/** Loads and measures every root of the corpus in `dir`, in order. */
export async function measureCorpus(
  dir: string,
  options: MeasureOptions = {},
): Promise<CorpusEntry[]> {
  const entries: CorpusEntry[] = [];
  for (const root of options.roots ?? corpusRoots(dir)) {
    const hierarchy = await loadSchematicHierarchy(root);
    const entry: CorpusEntry = {
      name: relative(dir, root).split("\\").join("/"),
      sheets: hierarchy.instances.length,
      stats: hierarchyStats(hierarchy),
    };
    options.each?.(entry, hierarchy);
    entries.push(entry);
  }
  return entries;
}
