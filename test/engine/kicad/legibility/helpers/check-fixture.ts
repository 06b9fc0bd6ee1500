import { fileURLToPath } from "node:url";
import type { VocabularyResult } from "../../../../../engine/kicad/legibility/caption-vocabulary.js";
import { checkLegibility } from "../../../../../engine/kicad/legibility/check-legibility.js";
import {
  type LegibilityConfigInput,
  parseLegibilityConfig,
} from "../../../../../engine/kicad/legibility/config.js";
import type { LegibilityFinding } from "../../../../../engine/kicad/legibility/finding.js";
import type { LegibilityReport } from "../../../../../engine/kicad/legibility/report.js";
import { loadSchematicHierarchy } from "../../../../../engine/kicad/schematic/hierarchy.js";

/** Absolute path of a committed legibility fixture (test/fixtures/legibility/<name>.kicad_sch). */
export function fixturePath(name: string): string {
  return fileURLToPath(
    new URL(`../../../../fixtures/legibility/${name}.kicad_sch`, import.meta.url),
  );
}

/** Loads a fixture and runs the checker on it. */
export async function checkFixture(
  name: string,
  config: LegibilityConfigInput = {},
  vocabulary?: VocabularyResult,
): Promise<LegibilityReport> {
  const hierarchy = await loadSchematicHierarchy(fixturePath(name));
  return checkLegibility(hierarchy, { config: parseLegibilityConfig(config), vocabulary });
}

export function ofKind(report: LegibilityReport, kind: string): LegibilityFinding[] {
  return report.findings.filter((f) => f.kind === kind);
}
