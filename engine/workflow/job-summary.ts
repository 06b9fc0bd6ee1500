import { pushAll } from "../array-ops.js";
import type { Outcome } from "../flow/outcome.js";
import { code, inline, truncate } from "../markdown/inline.js";
import type { StageReport } from "../pipeline/report.js";

/** Findings listed in a job summary; the rest are counted (outcome.json has them all). */
export const SUMMARY_FINDINGS = 20;

export interface SummaryFacts {
  stage: string;
  /** What `copperhead stage` reported, or why the stage did not run at all. */
  report: StageReport | { result: "disabled"; message: string };
  /** The attempt's outcome.json (for a skipped stage: the valid attempt's). */
  outcome?: Outcome | undefined;
  /** `https://github.com/<owner>/<repo>/raw/<branch>/`: where committed renders are shown from. */
  rawBase?: string | undefined;
  /** Every stage that needs this one, in flow order: its jobs are skipped when this one fails. */
  downstream?: readonly string[];
}

const HEADLINE: Record<string, string> = {
  passed: "passed",
  failed: "failed",
  skipped: "valid, nothing to do",
  refused: "refused: upstream is not valid",
  paused: "paused by a usage limit",
  interrupted: "interrupted",
  disabled: "not enabled in .github/copperhead.yml",
};

function seconds(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

function costLine(outcome: Outcome): string {
  const c = outcome.cost;
  return `${c.turns} turns · ${c.tokensIn} tokens in / ${c.tokensOut} out · ${c.cacheHits} cache hits · ${seconds(c.wallMs)}`;
}

function evidenceTable(outcome: Outcome): string[] {
  if (outcome.evidence.length === 0) return [];
  return [
    "| check | result | detail |",
    "|---|---|---|",
    ...outcome.evidence.map(
      (e) => `| ${code(e.check, 60)} | ${e.ok ? "ok" : "**failed**"} | ${inline(e.detail, 300)} |`,
    ),
    "",
  ];
}

function findingLines(outcome: Outcome): string[] {
  const { erc, drc, legibility } = outcome.findings;
  const all = [
    ...erc.map((v) => `ERC ${v.severity} ${code(v.type, 60)}: ${inline(v.description, 200)}`),
    ...drc.map((v) => `DRC ${v.severity} ${code(v.type, 60)}: ${inline(v.description, 200)}`),
    ...legibility.map(
      (f) =>
        `legibility ${f.severity} ${code(f.kind, 60)} on ${code(f.sheet, 80)}${f.refs.length > 0 ? ` (${inline(f.refs.join(", "), 80)})` : ""}: ${inline(f.detail, 200)}`,
    ),
  ];
  if (all.length === 0) return [];
  const shown = all.slice(0, SUMMARY_FINDINGS).map((l) => `- ${l}`);
  const more = all.length - shown.length;
  return [
    `### Findings (${all.length})`,
    "",
    ...shown,
    ...(more > 0 ? [`- … and ${more} more in ${code("outcome.json")}`] : []),
    "",
  ];
}

function obligationLines(outcome: Outcome): string[] {
  if (outcome.obligations.length === 0) return [];
  return [
    "### Unmet obligations",
    "",
    ...outcome.obligations
      .slice(0, SUMMARY_FINDINGS)
      .map((o) => `- ${code(o.kind, 40)}: ${inline(o.detail, 300)}`),
    "",
  ];
}

function renderLines(outcome: Outcome, rawBase: string | undefined): string[] {
  if (outcome.renders.length === 0) return [];
  const png = outcome.renders.filter((r) => r.endsWith(".png"));
  const lines = ["### Renders", ""];
  for (const path of outcome.renders) {
    const safe = encodeURI(path.replace(/^\/+/, ""));
    if (rawBase && png.includes(path)) lines.push(`![${inline(path, 120)}](${rawBase}${safe})`);
    else lines.push(`- ${code(path, 200)}`);
  }
  return [...lines, ""];
}

/**
 * The job summary of one stage job: the verdict, the gate's evidence, the first findings and
 * open obligations, the cost and the renders. Every text that came from the design is escaped.
 * Pure; the caller redacts secrets and writes it.
 */
export function renderJobSummary(facts: SummaryFacts): string {
  const { report, outcome } = facts;
  const head = `## copperhead / ${facts.stage}: ${HEADLINE[report.result] ?? report.result}`;
  const lines = [head, ""];
  if (report.result === "disabled") {
    lines.push(
      `${inline(report.message, 500)}`,
      "",
      "Stages that need it are refused until it is enabled.",
    );
    return `${lines.join("\n")}\n`;
  }
  const meta: string[] = [];
  if (report.attempt > 0) meta.push(`attempt ${report.attempt}`);
  if (report.commit) meta.push(`commit ${code(report.commit.slice(0, 12))}`);
  if (outcome) meta.push(costLine(outcome));
  if (meta.length > 0) lines.push(meta.join(" · "), "");
  lines.push(inline(report.message, 1000), "");
  if (report.result === "refused" && report.blockers) {
    lines.push(
      `Waiting on: ${report.blockers.map((b) => `${code(b.stage)} (${b.state})`).join(", ")}`,
      "",
    );
  }
  if (outcome) {
    pushAll(lines, evidenceTable(outcome));
    pushAll(lines, findingLines(outcome));
    pushAll(lines, obligationLines(outcome));
    pushAll(lines, renderLines(outcome, facts.rawBase));
  }
  if (report.wip) {
    lines.push(
      `The attempt's work is on ${code(report.wip.ref)}: \`git fetch origin '${report.wip.ref}:${report.wip.ref}'\`, then \`git cherry-pick --no-commit ${report.wip.ref}\`.`,
      "",
    );
  }
  const ended = report.result === "passed" || report.result === "skipped";
  if (!ended && facts.downstream && facts.downstream.length > 0) {
    lines.push(
      `Skipped in this run because they need ${code(facts.stage)}: ${facts.downstream.map((s) => code(s)).join(", ")}.`,
      "",
    );
  }
  if (report.next && !ended) {
    lines.push(
      `Next: ${code(report.next)} in a clone, or \`/copperhead retry ${facts.stage}\` on the pull request.`,
      "",
    );
  }
  return `${truncate(lines.join("\n"), 900_000)}\n`;
}
