import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import { CALIBRATED_FLOOR } from "../../../../engine/kicad/score/calibration.js";
import {
  DEFAULT_FLOOR,
  effectiveWeights,
  parseScoreConfig,
  scoreConfigSchema,
} from "../../../../engine/kicad/score/config.js";
import { DEFAULT_WEIGHTS, METRIC_NAMES } from "../../../../engine/kicad/score/metrics.js";

describe("the score config section", () => {
  it("defaults to the catalogue weights (12 for a reviewer's criteria, 4 for style) and the calibrated floor", () => {
    const config = parseScoreConfig(undefined);
    expect(config).toEqual({ weights: {}, floor: CALIBRATED_FLOOR });
    expect(DEFAULT_FLOOR).toBe(CALIBRATED_FLOOR);
    const weights = effectiveWeights(config);
    expect(Object.keys(weights)).toEqual(METRIC_NAMES);
    expect(new Set(Object.values(weights))).toEqual(new Set([12, 4]));
    expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBe(164);
  });

  it("overrides single weights and keeps the others", () => {
    const weights = effectiveWeights(parseScoreConfig({ weights: { "wire-crossings": 25 } }));
    expect(weights["wire-crossings"]).toBe(25);
    expect(weights["pin-attachment"]).toBe(DEFAULT_WEIGHTS["pin-attachment"]);
  });

  it("names every bad key in one UsageError", () => {
    let error: unknown;
    try {
      parseScoreConfig({ weights: { "wire-crosings": 1, "wire-bends": -2 }, floor: 0, extra: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toContain("score.weights");
    expect(message).toContain("wire-crosings");
    expect(message).toContain("score.weights.wire-bends: a score weight must be 0 or more");
    expect(message).toContain("score.floor: score.floor must be at least 1");
    expect(message).toContain("extra");
  });

  it("is a zod schema the lead can mount into the config file's schema", () => {
    expect(scoreConfigSchema.parse({ floor: 75 })).toEqual({ weights: {}, floor: 75 });
    expect(scoreConfigSchema.safeParse({ floor: 101 }).success).toBe(false);
  });
});
