import type { LegibilityReport } from "./report.js";

/**
 * The legibility result as text, exactly as the agent tool returns it and `copperhead check`
 * prints it: a header, numbered findings (kind, severity, sheet, coordinates, refs, the fix),
 * what the cap suppressed, and what was skipped or disabled.
 */
export function renderLegibility(report: LegibilityReport): string {
  const lines: string[] = [];
  const sheets = `${report.sheets} sheet(s)`;
  const total = report.counts.error + report.counts.advisory;
  const notRun = report.sheets === 0 ? report.skipped.find((s) => s.family === "all") : undefined;
  if (notRun) {
    // Nothing was looked at: say why instead of claiming a clean result.
    return `legibility: not checked — ${notRun.reason}\n`;
  }
  if (total === 0) {
    lines.push(`legibility: ${sheets} checked, no findings`);
  } else {
    lines.push(
      `legibility: ${report.counts.error} error, ${report.counts.advisory} advisory finding(s) across ${sheets}:`,
    );
    report.findings.forEach((f, i) => {
      const refs = f.refs.length > 0 ? ` refs: ${f.refs.join(", ")}` : "";
      lines.push(
        `  ${i + 1}. [${f.severity}] ${f.kind} @ ${f.sheet} (${f.at.x}, ${f.at.y})${refs} — ${f.detail}`,
      );
    });
    for (const s of report.suppressed) {
      lines.push(
        `  … ${s.count} more ${s.family} finding(s) on sheet ${s.sheet} suppressed (per-family cap)`,
      );
    }
  }
  for (const s of report.skipped) lines.push(`note: ${s.family} skipped (${s.reason})`);
  if (report.disabled.length > 0)
    lines.push(`note: disabled by config: ${report.disabled.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
