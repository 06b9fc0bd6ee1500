import { describe, expect, it } from "vitest";
import { checkSheetLayouts } from "../../../../engine/kicad/legibility/check-sheet-layouts.js";
import { parseLegibilityConfig } from "../../../../engine/kicad/legibility/config.js";
import { notRunReport } from "../../../../engine/kicad/legibility/not-run-report.js";
import { renderLegibility } from "../../../../engine/kicad/legibility/render-legibility.js";
import { legibilityReportSchema } from "../../../../engine/kicad/legibility/report.js";
import type {
  LayoutSymbol,
  SheetLayout,
} from "../../../../engine/kicad/legibility/sheet-layout.js";
import { plantedPart, plantedSheet } from "./helpers/planted-sheet.js";

const part = (ref: string, x: number, y: number) => plantedPart(ref, x, y);

function sheet(
  path: string,
  symbols: LayoutSymbol[],
  overrides: Partial<SheetLayout> = {},
): SheetLayout {
  return plantedSheet({ path, symbols, ...overrides });
}

/** `n` resistors drawn on the same spot: every pair overlaps. */
function pile(n: number, offGrid = 0): LayoutSymbol[] {
  return Array.from({ length: n }, (_, i) => part(`R${i + 1}`, 50.8 + offGrid, 50.8));
}

const config = (input: unknown = {}) => parseLegibilityConfig(input);

describe("checkSheetLayouts", () => {
  it("caps each family per sheet and counts what it suppressed", () => {
    const report = checkSheetLayouts([sheet("/", pile(6))], {
      config: config({ thresholds: { familyCap: 4 } }),
    });
    const overlaps = report.findings.filter((f) => f.kind === "symbol-overlap");
    expect(overlaps).toHaveLength(4);
    // 6 stacked bodies overlap pairwise: 15 pairs, 4 shown, 11 counted.
    expect(report.suppressed).toEqual([{ family: "symbol-overlap", sheet: "/", count: 11 }]);
    expect(report.counts.error).toBe(15);
  });

  it("orders off-grid first, then families in declaration order, then sheets", () => {
    const report = checkSheetLayouts(
      [sheet("/", pile(2)), sheet("/b/", pile(2, 0.3), { titleBlock: undefined })],
      { config: config() },
    );
    const order = report.findings.map((f) => `${f.kind}@${f.sheet}`);
    expect(order[0]).toBe("off-grid@/b/");
    expect(order.indexOf("symbol-overlap@/")).toBeLessThan(order.indexOf("symbol-overlap@/b/"));
    expect(order.indexOf("symbol-overlap@/b/")).toBeLessThan(
      order.indexOf("empty-title-block@/b/"),
    );
    expect(order.indexOf("empty-title-block@/b/")).toBeLessThan(order.indexOf("low-utilization@/"));
  });

  it("honours per-family severity, and lists families turned off", () => {
    const report = checkSheetLayouts([sheet("/", pile(2, 0.3))], {
      config: config({ severity: { "symbol-overlap": "advisory", "off-grid": "off" } }),
    });
    expect(report.findings.some((f) => f.kind === "off-grid")).toBe(false);
    expect(report.findings.find((f) => f.kind === "symbol-overlap")!.severity).toBe("advisory");
    expect(report.disabled).toEqual(["off-grid"]);
  });

  it("skips the page checks loudly when the paper is unknown, and still runs the rest", () => {
    const report = checkSheetLayouts(
      [sheet("/", [part("R1", -50, -50)], { paper: undefined, paperName: "Z9" })],
      { config: config() },
    );
    expect(report.findings.map((f) => f.kind)).toEqual(["off-grid"]);
    expect(report.skipped).toEqual([
      {
        family: "page-checks",
        reason:
          'sheet / (x.kicad_sch) declares paper "Z9", which KiCad does not know; out-of-frame and low-utilization were not checked there',
      },
    ]);
  });

  it("runs on every default when given no config", () => {
    const report = checkSheetLayouts([sheet("/", pile(2))]);
    expect(report.findings.find((f) => f.kind === "symbol-overlap")?.detail).toContain("2.54 mm");
  });

  it("rounds coordinates, never prints -0, and validates against its schema", () => {
    const report = checkSheetLayouts([sheet("/", [part("R1", 12.3456789, -0.0001)])], {
      config: config(),
    });
    for (const f of report.findings) {
      expect(Number.isInteger(f.at.x * 100)).toBe(true);
      expect(Object.is(f.at.y, -0)).toBe(false);
    }
    expect(legibilityReportSchema.parse(report)).toEqual(report);
  });
});

describe("renderLegibility", () => {
  it("says what was not checked and why, rather than claiming no findings", () => {
    expect(renderLegibility(notRunReport("no schematic configured"))).toBe(
      "legibility: not checked — no schematic configured\n",
    );
    expect(legibilityReportSchema.parse(notRunReport("x")).sheets).toBe(0);
  });

  it("says so when there is nothing to fix", () => {
    const report = checkSheetLayouts([sheet("/", [part("R1", 50.8, 50.8)])], {
      config: config({ severity: { "low-utilization": "off" } }),
    });
    expect(renderLegibility(report)).toBe(
      "legibility: 1 sheet(s) checked, no findings\nnote: disabled by config: low-utilization\n",
    );
  });

  it("numbers findings with kind, severity, sheet, coordinates, refs and fix, then the notes", () => {
    const report = checkSheetLayouts([sheet("/", pile(3))], {
      config: config({ thresholds: { familyCap: 1 } }),
    });
    const lines = renderLegibility(report).trimEnd().split("\n");
    expect(lines[0]).toBe("legibility: 3 error, 1 advisory finding(s) across 1 sheet(s):");
    expect(lines[1]).toMatch(
      /^ {2}1\. \[error\] symbol-overlap @ \/ \(50\.8, 50\.8\) refs: R1, R2 — R1 at \(50\.8, 50\.8\) and R2 at \(50\.8, 50\.8\) overlap .* separate them by at least 2\.54 mm/,
    );
    expect(lines[2]).toMatch(/^ {2}2\. \[advisory\] low-utilization @ \/ \(.*\) refs: \/ — /);
    expect(lines[3]).toBe(
      "  … 2 more symbol-overlap finding(s) on sheet / suppressed (per-family cap)",
    );
    expect(lines).toHaveLength(4);
  });
});
