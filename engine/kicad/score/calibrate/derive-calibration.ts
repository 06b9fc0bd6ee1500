import { minOf } from "../../../array-ops.js";
import { CopperheadError } from "../../../errors.js";
import { type Calibration, JUDGED } from "../metric-curves.js";
import { metricRaws } from "../metric-raws.js";
import { METRICS, type MetricName } from "../metrics.js";
import { scoreStats } from "../score-schematic.js";
import type { CorpusEntry } from "./measure-corpus.js";
import { quantile, type Spread, spread } from "./spread.js";

export interface DerivedCalibration {
  corpus: string;
  good: Record<MetricName, number>;
  floor: number;
  metrics: Array<{ name: MetricName; better: "higher" | "lower"; spread: Spread; good: number }>;
  /** Each root with its uncapped composite under the derived calibration. */
  demos: Array<{ name: string; sheets: number; parts: number; composite: number }>;
}

/**
 * The calibration rule, applied to a measured corpus of sheets people drew:
 * - a metric where higher is better is "good" from the corpus's lower quartile up, one where
 *   lower is better up to its upper quartile, so three in four human sheets get full marks on
 *   it and the rest lose in proportion (rounded to two significant digits);
 * - island-parts keeps its stated zero point (ISLANDS_AT_ZERO), since people draw no islands;
 * - the floor is the largest multiple of 5 strictly below the lowest composite in the corpus
 *   (at least 1), so every sheet of the corpus scores above it.
 * Pure: the same corpus gives the same calibration.
 */
export function deriveCalibration(corpus: readonly CorpusEntry[]): DerivedCalibration {
  if (corpus.length < 4) {
    throw new CopperheadError(
      `a calibration corpus needs at least 4 root sheets for quartiles; got ${corpus.length}`,
      "point the calibration at the KiCad demos folder (scripts/install-kicad.sh installs kicad-demos)",
    );
  }
  const raws = corpus.map((entry) => new Map(metricRaws(entry.stats).map((m) => [m.name, m.raw])));
  const good = {} as Record<MetricName, number>;
  const metrics: DerivedCalibration["metrics"] = [];
  for (const metric of METRICS) {
    const values = raws.map((r) => r.get(metric.name)!);
    const quartile = quantile(values, metric.better === "higher" ? 0.25 : 0.75);
    const value = JUDGED[metric.name] ?? twoDigits(quartile);
    if (!(value > 0)) {
      throw new CopperheadError(
        `the corpus puts the good value of ${metric.name} at ${value}, which cannot score anything`,
        "calibrate on a larger corpus of real sheets",
      );
    }
    good[metric.name] = value;
    metrics.push({ name: metric.name, better: metric.better, spread: spread(values), good: value });
  }
  const demos = corpus.map((entry) => ({
    name: entry.name,
    sheets: entry.sheets,
    parts: entry.stats.parts,
    composite: scoreStats(entry.stats, entry.sheets, {}, good as Calibration).uncapped,
  }));
  const lowest = minOf(demos.map((d) => d.composite));
  const floor = Math.max(1, Math.ceil(lowest / 5) * 5 - 5);
  return {
    corpus: `${corpus.length} root sheets of the KiCad demo projects`,
    good,
    floor,
    metrics,
    demos,
  };
}

function twoDigits(v: number): number {
  return Number(v.toPrecision(2));
}
