import type { LegibilityReport } from "./report.js";

/**
 * The report when there is nothing to check — no schematic configured, or none scaffolded yet:
 * zero sheets, and the reason recorded as a skip, so the text says so rather than "no findings".
 */
export function notRunReport(reason: string): LegibilityReport {
  return {
    findings: [],
    counts: { error: 0, advisory: 0 },
    skipped: [{ family: "all", reason }],
    disabled: [],
    suppressed: [],
    sheets: 0,
  };
}
