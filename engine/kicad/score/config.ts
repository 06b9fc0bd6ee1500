import { z } from "zod";
import { UsageError } from "../../errors.js";
import { CALIBRATED_FLOOR } from "./calibration.js";
import { DEFAULT_WEIGHTS, METRIC_NAMES, type MetricName } from "./metrics.js";

/**
 * The composite every KiCad demo sheet clears (calibrated in docs/score.md): a sheet with
 * error-severity legibility findings is capped just below it, so a capped score never reads as
 * "as good as a sheet people drew and published".
 */
export const DEFAULT_FLOOR = CALIBRATED_FLOOR;

const weight = z
  .number({ error: "a score weight must be a number" })
  .finite({ error: "a score weight must be a finite number" })
  .nonnegative({ error: "a score weight must be 0 or more (0 switches the metric off)" });

const weightsShape = Object.fromEntries(
  METRIC_NAMES.map((name) => [name, weight.optional()]),
) as Record<MetricName, z.ZodOptional<typeof weight>>;

/**
 * The `score` section of `.copperhead/config.json`: per-metric weight overrides (a misspelt
 * metric is refused rather than silently ignored) and the floor a capped composite stays
 * below. Every key is optional.
 */
export const scoreConfigSchema = z
  .strictObject({
    weights: z
      .strictObject(weightsShape)
      .default({})
      .refine((w) => METRIC_NAMES.some((name) => (w[name] ?? DEFAULT_WEIGHTS[name]) > 0), {
        error: "at least one score weight must stay above 0",
      }),
    floor: z
      .number({ error: "score.floor must be a number" })
      .min(1, { error: "score.floor must be at least 1" })
      .max(100, { error: "score.floor must be at most 100" })
      .default(DEFAULT_FLOOR),
  })
  .default({ weights: {}, floor: DEFAULT_FLOOR });

export type ScoreConfigInput = z.input<typeof scoreConfigSchema>;
export type ScoreConfig = z.output<typeof scoreConfigSchema>;

/** Every metric's weight: the overrides on top of the defaults. */
export function effectiveWeights(config: ScoreConfig): Record<MetricName, number> {
  return Object.fromEntries(
    METRIC_NAMES.map((name) => [name, config.weights[name] ?? DEFAULT_WEIGHTS[name]]),
  ) as Record<MetricName, number>;
}

/**
 * Parses a `score` section (or nothing) into a complete config; a bad section is a UsageError
 * naming each offending key, so the person fixes the file.
 */
export function parseScoreConfig(input: unknown): ScoreConfig {
  const result = scoreConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `score.${issue.path.join(".")}` : "score";
    return `${where}: ${issue.message}`;
  });
  throw new UsageError(
    `the score section of .copperhead/config.json is invalid (${problems.join("; ")})`,
    `use only these weight keys: ${METRIC_NAMES.join(", ")}; weights ≥ 0; floor between 1 and 100 (see docs/score.md)`,
  );
}
