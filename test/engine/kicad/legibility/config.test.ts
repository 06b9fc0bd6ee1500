import { describe, expect, it } from "vitest";
import { UsageError } from "../../../../engine/errors.js";
import {
  legibilityConfigSchema,
  parseLegibilityConfig,
} from "../../../../engine/kicad/legibility/config.js";

describe("legibility config", () => {
  it("fills every default when the section is absent", () => {
    const config = parseLegibilityConfig(undefined);
    expect(config.thresholds).toEqual({
      gridPitch: 1.27,
      minPitch: 2.54,
      utilization: 0.5,
      maxWireLength: 50.8,
      familyCap: 10,
    });
    expect(config.severity).toEqual({});
    expect(config.draftingConventions).toBe("auto");
  });

  it("keeps what the user set and defaults the rest", () => {
    const config = parseLegibilityConfig({
      thresholds: { gridPitch: 2.54 },
      severity: { crowding: "off", "text-collision": "advisory" },
    });
    expect(config.thresholds.gridPitch).toBe(2.54);
    expect(config.thresholds.minPitch).toBe(2.54);
    expect(config.severity).toEqual({ crowding: "off", "text-collision": "advisory" });
  });

  it("refuses non-positive thresholds, unknown keys and misspelt families, saying where", () => {
    const result = legibilityConfigSchema.safeParse({
      thresholds: { gridPitch: -1, bogus: 1 },
      severity: { crowdin: "off" },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("thresholds.gridPitch");
    expect(paths.some((p) => p.startsWith("severity"))).toBe(true);
    expect(() => parseLegibilityConfig({ severity: { crowding: "loud" } })).toThrow(UsageError);
    expect(() => parseLegibilityConfig({ severity: { crowding: "loud" } })).toThrow(
      /severity\.crowding/,
    );
  });
});
