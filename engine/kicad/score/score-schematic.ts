import type { FamilyKind } from "../legibility/families.js";
import type { LegibilityReport } from "../legibility/report.js";
import type { SchematicHierarchy } from "../schematic/hierarchy.js";
import { CALIBRATED_FLOOR, CALIBRATION } from "./calibration.js";
import { effectiveWeights, parseScoreConfig, type ScoreConfigInput } from "./config.js";
import { hierarchyStats } from "./hierarchy-stats.js";
import { type Calibration, metricScore } from "./metric-curves.js";
import { metricRaws } from "./metric-raws.js";
import { type ScoreReport, scoreReportSchema } from "./report.js";
import type { SheetStats } from "./sheet-stats.js";

/** The legibility result the cap depends on: a checker report, its counts, or the error count. */
export type LegibilityCounts =
  | number
  | Pick<LegibilityReport, "counts">
  | { error: number; advisory?: number };

export interface ScoreOptions extends NonNullable<ScoreConfigInput> {
  /** Error-severity findings cap the composite; omitted means none were found. */
  legibility?: LegibilityCounts | undefined;
}

/**
 * Scores a whole schematic hierarchy 0–100: thirteen metrics pooled over every sheet instance,
 * weighted (defaults in metrics.ts, overridable), and capped below `floor` while
 * error-severity legibility findings exist. Pure: the same hierarchy and options give the same
 * report.
 */
export function scoreSchematic(
  hierarchy: SchematicHierarchy,
  options: ScoreOptions = {},
): ScoreReport {
  const legibility = options.legibility;
  const report = isReport(legibility) ? legibility : undefined;
  return scoreStats(hierarchyStats(hierarchy, report), hierarchy.instances.length, options);
}

/**
 * The families whose errors cap the score: a body drawn over a body, a wire through a body —
 * the drawing itself is hidden there. Tidiness (off-grid by a fraction of a grid, a blank
 * title block, drafting conventions) and the reviewer's families weigh in the metrics instead,
 * so a readable sheet with a blank title block still outranks an unreadable one.
 */
export const CAP_FAMILIES: ReadonlySet<string> = new Set<FamilyKind>([
  "symbol-overlap",
  "wire-through-symbol",
]);

function isReport(l: LegibilityCounts | undefined): l is LegibilityReport {
  return typeof l === "object" && "findings" in l;
}

/** Error findings that cap: from a report, those of CAP_FAMILIES; a bare count caps as given. */
function cappingErrors(legibility: LegibilityCounts | undefined): number {
  if (!isReport(legibility)) return countsOf(legibility).error;
  const errorKinds = new Set(
    legibility.findings.filter((f) => f.severity === "error").map((f) => f.kind),
  );
  let n = legibility.findings.filter(
    (f) => f.severity === "error" && CAP_FAMILIES.has(f.kind),
  ).length;
  for (const s of legibility.suppressed)
    if (CAP_FAMILIES.has(s.family) && errorKinds.has(s.family)) n += s.count;
  return n;
}

/** The scorer over already pooled stats (what calibration reuses). */
export function scoreStats(
  stats: SheetStats,
  sheets: number,
  options: ScoreOptions = {},
  calibration: Calibration = CALIBRATION,
): ScoreReport {
  const { legibility, ...section } = options;
  const config = parseScoreConfig(section);
  const weights = effectiveWeights(config);
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const values = metricRaws(stats).map((m) => ({
    ...m,
    score: metricScore(m.name, m.raw, calibration),
  }));
  const metrics = values.map((m) => {
    const weight = weights[m.name];
    return {
      name: m.name,
      raw: round(m.raw, 4),
      score: round(m.score, 4),
      weight,
      contribution: round((100 * weight * m.score) / total, 4),
      detail: m.detail,
    };
  });
  const uncapped = round(
    values.reduce((sum, m) => sum + (100 * weights[m.name] * m.score) / total, 0),
    2,
  );
  const counts = countsOf(legibility);
  const capping = cappingErrors(legibility);
  let cap: ScoreReport["cap"] = null;
  let composite = uncapped;
  if (capping > 0) {
    const value = config.floor - 1;
    const findings = `${capping} error-severity legibility finding${capping === 1 ? "" : "s"}`;
    const floorText =
      config.floor === CALIBRATED_FLOOR
        ? `the floor of ${config.floor} that every KiCad demo sheet clears`
        : `the configured floor of ${config.floor}`;
    cap = {
      value,
      reason: `${findings} ${capping === 1 ? "holds" : "hold"} the score at ${value} or less, below ${floorText}; fix ${capping === 1 ? "it" : "them"} (copperhead check lists each with its fix) to lift the cap`,
    };
    composite = Math.min(uncapped, value);
  }
  // Parsed on the way out: a negative or fractional finding count is a caller's bug, caught here.
  return scoreReportSchema.parse({
    composite,
    uncapped,
    cap,
    floor: config.floor,
    metrics,
    legibility: counts,
    sheets,
  });
}

function countsOf(legibility: LegibilityCounts | undefined): { error: number; advisory: number } {
  if (legibility === undefined) return { error: 0, advisory: 0 };
  if (typeof legibility === "number") return { error: legibility, advisory: 0 };
  if ("counts" in legibility) return { ...legibility.counts };
  return { error: legibility.error, advisory: legibility.advisory ?? 0 };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}
