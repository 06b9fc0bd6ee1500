import { maxOf } from "../../array-ops.js";
import type { ScoreReport } from "./report.js";

/**
 * The report as text: `score: X/100`, the cap and its reason when one holds the score down,
 * then one line per metric (raw to 4 places, score to 3, weight, contribution to 2, and what
 * was counted). Pure; the same report always renders the same text.
 */
export function renderScore(report: ScoreReport): string {
  const lines = [`score: ${report.composite}/100`];
  if (report.cap) {
    lines.push(`  cap: ${report.cap.value} — ${report.cap.reason} (uncapped: ${report.uncapped})`);
  }
  const width = maxOf(report.metrics.map((m) => m.name.length));
  const weightWidth = maxOf(report.metrics.map((m) => String(m.weight).length));
  const plus = (v: number) => `+${v.toFixed(2)}`;
  const contributionWidth = maxOf(report.metrics.map((m) => plus(m.contribution).length));
  for (const m of report.metrics) {
    const weight = String(m.weight).padStart(weightWidth);
    const contribution = plus(m.contribution).padStart(contributionWidth);
    lines.push(
      `  ${m.name.padEnd(width)}  raw ${m.raw.toFixed(4)}  score ${m.score.toFixed(3)}  weight ${weight}  ${contribution}  (${m.detail})`,
    );
  }
  return `${lines.join("\n")}\n`;
}
