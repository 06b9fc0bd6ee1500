import { z } from "zod";
import { UsageError } from "../../errors.js";
import { FAMILIES, type FamilyKind } from "./families.js";

const positive = (fallback: number, what: string) =>
  z
    .number({ error: `${what} must be a number of millimetres (or a ratio) greater than 0` })
    .finite()
    .positive({ error: `${what} must be greater than 0` })
    .default(fallback);

/** Thresholds, all in mm except `utilization` (a fraction) and `familyCap` (a count). */
export const legibilityThresholdsSchema = z
  .strictObject({
    /** Connection points (pins, wire ends, label anchors) must sit on this grid. */
    gridPitch: positive(1.27, "legibility.thresholds.gridPitch"),
    /** Minimum edge-to-edge gap between symbol bodies before they read as crowded. */
    minPitch: positive(2.54, "legibility.thresholds.minPitch"),
    /** Below this fraction of the usable frame covered by content, suggest a smaller paper. */
    utilization: positive(0.5, "legibility.thresholds.utilization").refine((v) => v <= 1, {
      error: "legibility.thresholds.utilization is a fraction: use a value in (0, 1]",
    }),
    /** Wires longer than this on a drafted sheet should become a label pair. */
    maxWireLength: positive(50.8, "legibility.thresholds.maxWireLength"),
    /** At most this many findings per family and sheet are listed; the rest are counted. */
    familyCap: z
      .number()
      .int({ error: "legibility.thresholds.familyCap must be a whole number ≥ 1" })
      .positive({ error: "legibility.thresholds.familyCap must be a whole number ≥ 1" })
      .default(10),
  })
  .default({
    gridPitch: 1.27,
    minPitch: 2.54,
    utilization: 0.5,
    maxWireLength: 50.8,
    familyCap: 10,
  });

const severitySetting = z.enum(["error", "advisory", "off"], {
  error: 'a legibility severity must be "error", "advisory" or "off"',
});

const severityShape = Object.fromEntries(
  FAMILIES.map((f) => [f.kind, severitySetting.optional()]),
) as Record<FamilyKind, z.ZodOptional<typeof severitySetting>>;

/**
 * The `legibility` section of `.copperhead/config.json`. Every key is optional; unknown keys
 * are refused (a misspelt family would otherwise silently keep its default).
 *
 * `draftingConventions`: the group/caption families (ungrouped-symbol, unlabeled-group,
 * group-overlap, cross-group-wire) describe how copperhead's engine draws; "auto" applies them
 * only to engine-authored sheets, "always" to every sheet, "never" to none.
 */
export const legibilityConfigSchema = z
  .strictObject({
    thresholds: legibilityThresholdsSchema,
    severity: z.strictObject(severityShape).default({}),
    draftingConventions: z.enum(["auto", "always", "never"]).default("auto"),
  })
  .default({
    thresholds: {
      gridPitch: 1.27,
      minPitch: 2.54,
      utilization: 0.5,
      maxWireLength: 50.8,
      familyCap: 10,
    },
    severity: {},
    draftingConventions: "auto",
  });

/** The config as written by a person (all optional). */
export type LegibilityConfigInput = z.input<typeof legibilityConfigSchema>;
/** The config with every default filled in: what the checker runs on. */
export type LegibilityConfig = z.output<typeof legibilityConfigSchema>;
export type LegibilityThresholds = LegibilityConfig["thresholds"];

/**
 * Parses a `legibility` section (or nothing) into a complete config. A bad section is a
 * UsageError naming each offending key, so the person fixes the file rather than the code.
 */
export function parseLegibilityConfig(input: unknown): LegibilityConfig {
  const result = legibilityConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "legibility";
    return `${where}: ${issue.message}`;
  });
  throw new UsageError(
    `the legibility section of .copperhead/config.json is invalid (${problems.join("; ")})`,
    "correct those keys in .copperhead/config.json, or remove them to use the defaults (see docs/findings.md)",
  );
}
