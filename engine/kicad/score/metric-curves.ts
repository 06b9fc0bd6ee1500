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

/**
 * Metrics counting a reviewer's findings, where people's own sheets mostly have none (no
 * quartile to calibrate from): the score falls linearly from 1 at none and reaches 0 at this
 * rate — a judgment like ISLANDS_AT_ZERO, stated in docs/score.md. power-orientation is a
 * share (higher better) whose good value is every port upright.
 */
export const JUDGED: Partial<Record<MetricName, number>> = {
  "island-parts": ISLANDS_AT_ZERO,
  "text-clarity": 0.5,
  "wire-clarity": 0.2,
  "label-use": 0.5,
  "power-orientation": 1,
  "paper-size": 1,
};

/**
 * Shares that chance alone reaches: half the pins of a drawing placed with no regard for flow
 * face their net, and a port turned at random points the right way as often as not. Such a
 * share scores 0 at this value and rises linearly to 1 at its good value.
 */
export const ZERO_AT: Partial<Record<MetricName, number>> = {
  "signal-flow": 0.5,
  "power-orientation": 0.5,
};

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
  if (BETTER[name] === "lower" && JUDGED[name] !== undefined) return Math.max(0, 1 - raw / good);
  if (BETTER[name] === "higher") {
    const zero = ZERO_AT[name] ?? 0;
    return good <= zero ? 1 : Math.min(1, Math.max(0, (raw - zero) / (good - zero)));
  }
  return raw <= good ? 1 : good / raw;
}
