import type { SchematicHierarchy } from "../schematic/hierarchy.js";
import { type CheckOptions, checkSheetLayouts } from "./check-sheet-layouts.js";
import { type LayoutOptions, sheetLayouts } from "./layout-from-schematic.js";
import type { LegibilityReport } from "./report.js";

export interface LegibilityOptions extends CheckOptions, LayoutOptions {}

/**
 * The schematic legibility checker: every sheet instance of the hierarchy from its root, each
 * finding attributed to its sheet path, each sheet judged on its own paper. Pure over the
 * loaded hierarchy (load it with `loadSchematicHierarchy`; read the caption vocabulary with
 * `loadCaptionVocabulary`).
 */
export function checkLegibility(
  hierarchy: SchematicHierarchy,
  options: LegibilityOptions = {},
): LegibilityReport {
  return checkSheetLayouts(sheetLayouts(hierarchy, options), options);
}
