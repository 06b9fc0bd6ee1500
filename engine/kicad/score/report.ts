import { z } from "zod";
import { METRIC_NAMES } from "./metrics.js";

/** One metric of the composite: its measured value and what it adds to the score. */
export const scoreMetricSchema = z.object({
  name: z.enum(METRIC_NAMES as [string, ...string[]]),
  /** The measurement (a count, a share or a length, as `detail` says). */
  raw: z.number().finite(),
  /** The measurement on the 0..1 scale (1 = as good as it gets). */
  score: z.number().min(0).max(1),
  weight: z.number().nonnegative(),
  /** Points this metric adds to the uncapped composite: 100 · weight · score ÷ Σ weights. */
  contribution: z.number().nonnegative(),
  /** What was counted, in words. */
  detail: z.string(),
});

/**
 * The scorer's answer for a whole hierarchy. `composite` is what to show; `uncapped` is the
 * weighted mean before the legibility cap (equal to `composite` when `cap` is null).
 */
export const scoreReportSchema = z.object({
  composite: z.number().min(0).max(100),
  uncapped: z.number().min(0).max(100),
  cap: z
    .object({
      /** The composite is held at or below this value. */
      value: z.number().min(0).max(100),
      reason: z.string(),
    })
    .nullable(),
  floor: z.number().min(1).max(100),
  metrics: z.array(scoreMetricSchema),
  legibility: z.object({
    error: z.number().int().nonnegative(),
    advisory: z.number().int().nonnegative(),
  }),
  /** Sheet instances pooled (a file used twice counts twice, as KiCad shows two pages). */
  sheets: z.number().int().nonnegative(),
});

export type ScoreMetric = z.infer<typeof scoreMetricSchema>;
export type ScoreReport = z.infer<typeof scoreReportSchema>;
