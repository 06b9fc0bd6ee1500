import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readErcReport } from "../../../../engine/kicad/cli/erc-report.js";
import { violationSchema } from "../../../../engine/kicad/violation.js";
import { KICAD_FIXTURES } from "../../../helpers/fixture-project.js";

const report = (name: string): unknown =>
  JSON.parse(readFileSync(join(KICAD_FIXTURES, "reports", name), "utf8"));

describe("readErcReport", () => {
  it("reads KiCad 9's per-sheet shape, multiplying positions and wire lengths by 100", () => {
    const result = readErcReport(report("erc-led-dangwire.kicad9.json"));
    expect(result.sheets).toEqual(["/"]);
    expect(result.source).toBe("led_dangwire.kicad_sch");
    expect(result.kicadVersion).toBe("9.0.8");
    expect(result.violations.map((v) => v.type)).toEqual([
      "wire_dangling",
      "unconnected_wire_endpoint",
      "unconnected_wire_endpoint",
    ]);
    for (const violation of result.violations) {
      expect(violationSchema.parse(violation)).toEqual(violation);
      expect(violation.sheet).toBe("/");
      expect(violation.items[0]).toMatchObject({
        description: "Horizontal Wire, length 12.7000 mm",
        pos: { x: 120.65, y: 63.5 },
        uuid: "4c7e0b5a-1ed0-4a1e-9d2b-0000000002a0",
      });
    }
  });

  it("reads the older top-level `violations` shape into the same violations, without a sheet", () => {
    const nested = readErcReport(report("erc-led-dangwire.kicad9.json"));
    const flat = readErcReport(report("erc-led-dangwire.top-level.json"));
    expect(flat.sheets).toEqual([]);
    expect(flat.violations).toEqual(nested.violations.map(({ sheet: _sheet, ...rest }) => rest));
  });

  it("converts mils reports to mm", () => {
    const result = readErcReport(report("erc-led-open-mils.kicad9.json"));
    expect(result.violations.map((v) => v.items[0]?.pos)).toEqual([
      { x: 85.09, y: 76.2 },
      { x: 97.79, y: 76.2 },
    ]);
  });

  it("keeps `excluded` and the original severity of excluded violations", () => {
    const result = readErcReport(report("erc-led-excluded.kicad9.json"));
    const excluded = result.violations.filter((v) => v.excluded);
    expect(excluded).toHaveLength(1);
    expect(excluded[0]).toMatchObject({ severity: "error", type: "pin_not_connected" });
    expect(result.violations.filter((v) => !v.excluded)).toHaveLength(1);
  });

  it("leaves positions alone when told the report is already correct", () => {
    const result = readErcReport(report("erc-led-open-mils.kicad9.json"), { positionFactor: 1 });
    expect(result.violations[0]?.items[0]?.pos).toEqual({ x: 0.8509, y: 0.762 });
  });

  it("rejects a document with neither shape, or with an unknown severity", () => {
    expect(() => readErcReport({ coordinate_units: "mm" })).toThrow(/sheets/);
    const bad = report("erc-led-dangwire.top-level.json") as { violations: { severity: string }[] };
    const first = bad.violations[0];
    if (first) first.severity = "catastrophic";
    expect(() => readErcReport(bad)).toThrow();
  });
});
