import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDrcReport } from "../../../../engine/kicad/cli/drc-report.js";
import { KICAD_FIXTURES } from "../../../helpers/fixture-project.js";

const report = (name: string): unknown =>
  JSON.parse(readFileSync(join(KICAD_FIXTURES, "reports", name), "utf8"));

describe("readDrcReport", () => {
  it("keeps violations, unconnected items and parity apart, with positions as reported", () => {
    const raw = report("drc-led-overlap.kicad9.json") as {
      violations: { items: { pos: { x: number; y: number } }[] }[];
    };
    const result = readDrcReport(raw);
    expect(result.source).toBe("led_overlap.kicad_pcb");
    expect(new Set(result.violations.map((v) => v.type))).toEqual(
      new Set([
        "shorting_items",
        "clearance",
        "courtyards_overlap",
        "solder_mask_bridge",
        "track_dangling",
        "silk_over_copper",
      ]),
    );
    expect(result.unconnected.map((v) => v.type)).toEqual([
      "unconnected_items",
      "unconnected_items",
    ]);
    expect(result.parity).toEqual([]);
    expect(result.violations[0]?.items[0]?.pos).toEqual(raw.violations[0]?.items[0]?.pos);
    for (const v of result.violations) expect(v.sheet).toBeUndefined();
  });

  it("puts schematic parity issues in their own list", () => {
    const result = readDrcReport(report("drc-led-parity.kicad9.json"));
    expect(result.violations).toEqual([]);
    expect(result.unconnected).toEqual([]);
    expect(result.parity).toEqual([
      expect.objectContaining({ type: "footprint_symbol_mismatch", severity: "warning" }),
    ]);
  });
});
