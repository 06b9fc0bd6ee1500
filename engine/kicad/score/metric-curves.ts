import { METRICS, type MetricName } from "./metrics.js";

/**
 * Per metric, the value people's sheets reach (the calibrated "good" value): a raw at or
 * better than it scores 1. For island-parts it is instead the share at which the score reaches 0.
 */
export type Calibration = Readonly<Record<MetricName, number>>;

/**
 * A two-pin part held only by labels is a drafting defect people almost never draw (the demo
 * median is 0), so no quartile exists to calibrate from: the island score falls linearly and
 * reaches 0 when a quarter of the two-pin parts are islands. A judgment, stated in docs/score.md.
 */
export const ISLANDS_AT_ZERO = 0.25;

const BETTER = Object.fromEntries(METRICS.map((m) => [m.name, m.better])) as Record<
  MetricName,
  "higher" | "lower"
>;

/**
 * A raw value on the 0..1 scale. At or beyond the good value: 1. Short of it, the score is the
 * proportion achieved (raw ÷ good when higher is better, good ÷ raw when lower is better):
 * smooth, never a cliff, so every extra crossing or label costs a little and never a lot.
 */
export function metricScore(name: MetricName, raw: number, calibration: Calibration): number {
  const good = calibration[name];
  if (name === "island-parts") return Math.max(0, 1 - raw / good);
  if (BETTER[name] === "higher") return good <= 0 ? 1 : Math.min(1, raw / good);
  return raw <= good ? 1 : good / raw;
}
