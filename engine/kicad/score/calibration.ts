import { z } from "zod";
import calibrationJson from "./calibration.json" with { type: "json" };
import type { Calibration } from "./metric-curves.js";
import { METRIC_NAMES, type MetricName } from "./metrics.js";

/**
 * What scripts/calibrate-score.mjs derived from KiCad's demo sheets (see docs/score.md):
 * each metric's good value and the composite floor every demo clears. Committed, so scores
 * do not depend on the machine having the demos; a test re-derives it from the corpus.
 */
export const calibrationFileSchema = z.strictObject({
  /** Which corpus it was derived from, in words. */
  corpus: z.string(),
  good: z.strictObject(
    Object.fromEntries(
      METRIC_NAMES.map((name) => [name, z.number().finite().positive()]),
    ) as Record<MetricName, z.ZodNumber>,
  ),
  floor: z.number().int().min(1).max(100),
});

export type CalibrationFile = z.infer<typeof calibrationFileSchema>;

const file = calibrationFileSchema.parse(calibrationJson);

export const CALIBRATION: Calibration = file.good;
export const CALIBRATED_FLOOR: number = file.floor;
export const CALIBRATION_CORPUS: string = file.corpus;
