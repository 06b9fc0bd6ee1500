import { describe, expect, it } from "vitest";
import type { CheckReport } from "../../../engine/check/check-report.js";
import { renderCheck } from "../../../engine/check/render-check.js";
import type { Violation } from "../../../engine/kicad/violation.js";

const many = (count: number, type: string): Violation[] =>
  Array.from({ length: count }, (_, i) => ({
    type,
    severity: "warning" as const,
    description: `violation ${i + 1}`,
    items: [{ description: `item ${i + 1}`, pos: { x: i, y: 0 } }],
    source: "kicad-cli" as const,
  }));

const skipped = { status: "skipped" as const, reason: "not in this test" };

describe("renderCheck", () => {
  it("renders 60k ERC and 60k DRC violations (a spread into push overflowed the stack)", () => {
    const counts = { errors: 0, warnings: 60_000, excluded: 0 };
    const report: CheckReport = {
      schema: 1,
      ok: false,
      failures: ["ERC: 0 error(s), 60000 warning(s)"],
      target: { schematic: "big.kicad_sch", board: "big.kicad_pcb", docs: "docs", origin: null },
      paths: [],
      erc: { status: "ran", counts, sheets: ["/"], violations: many(60_000, "pin_not_connected") },
      drc: {
        status: "ran",
        counts,
        violations: many(60_000, "clearance"),
        unconnected: [],
        parity: [],
        schematicParity: { status: "ran" },
      },
      legibility: skipped,
      score: skipped,
      drift: skipped,
    };
    const text = renderCheck(report);
    expect(text).toContain(
      "ERC: violations (0 error(s), 60000 warning(s), 0 excluded)".replace(", 0 excluded", ""),
    );
    expect(text).toContain("violation 60000");
    expect(text).toContain(
      "DRC: violations (0 error(s), 60000 warning(s)) · schematic parity checked",
    );
    expect(text.split("\n").length).toBeGreaterThan(120_000);
  });
});
