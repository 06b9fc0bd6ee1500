import { z } from "zod";
import { formatDuration, formatTokens } from "../../agent/progress.js";
import { pushAll } from "../../array-ops.js";
import { diagnosisRecordSchema, rowStatuses, type StageRow } from "../stage-row.js";

/** How a create run ended. */
export const createResults = ["done", "failed", "escalated", "paused", "interrupted"] as const;
export type CreateResultKind = (typeof createResults)[number];

/** A stage's line of the report: its row, or what the run did not do with it. */
export const reportStageSchema = z.object({
  index: z.int().min(1),
  stage: z.string().min(1),
  /** ran, resumed, failed, adopted or skipped (valid without running) — or pending: the run stopped before it. */
  status: z.enum([...rowStatuses, "pending"]),
  /** The attempts this run made (their numbers are in `attemptNumbers`). */
  attempts: z.int().nonnegative(),
  attemptNumbers: z.array(z.int().min(1)),
  verdict: z.enum(["pass", "fail", "blocked"]).nullable(),
  wallMs: z.number().nonnegative(),
  turns: z.int().nonnegative(),
  tokensIn: z.int().nonnegative(),
  tokensOut: z.int().nonnegative(),
  cacheHits: z.int().nonnegative(),
  /** Turns replayed from the response cache over all turns; null without turns. */
  cacheHitRate: z.number().min(0).max(1).nullable(),
  diagnoses: z.array(diagnosisRecordSchema),
  renders: z.array(z.string()),
});

const costTotals = z.object({
  wallMs: z.number().nonnegative(),
  turns: z.int().nonnegative(),
  tokensIn: z.int().nonnegative(),
  tokensOut: z.int().nonnegative(),
  cacheHits: z.int().nonnegative(),
  cacheHitRate: z.number().min(0).max(1).nullable(),
  diagnosisTokens: z.int().nonnegative(),
});

/** `.copperhead/runs/report.json`: one create run, assembled from the stages' rows. */
export const createReportSchema = z.object({
  schema: z.literal(1),
  result: z.enum(createResults),
  message: z.string(),
  brief: z.object({ path: z.string(), sha256: z.string(), title: z.string() }),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  /** The run's wall time; `totals.wallMs` sums the stages'. */
  wallMs: z.number().nonnegative(),
  stages: z.array(reportStageSchema),
  totals: costTotals,
  slowest: z.object({ stage: z.string(), wallMs: z.number() }).nullable(),
  mostExpensive: z.object({ stage: z.string(), tokens: z.int() }).nullable(),
  /** The command that picks the flow up again, and the stage it resumes at. */
  resume: z.string().nullable(),
  resumesAt: z.string().nullable(),
});

export type CreateReport = z.infer<typeof createReportSchema>;
export type ReportStage = z.infer<typeof reportStageSchema>;

export const REPORT_MD = ".copperhead/runs/REPORT.md";
export const REPORT_JSON = ".copperhead/runs/report.json";

const rate = (hits: number, turns: number) => (turns > 0 ? hits / turns : null);

export interface ReportFacts {
  order: readonly string[];
  /** Rows of the stages this run settled. */
  rows: ReadonlyMap<string, StageRow>;
  /** Stages valid without running in this run (valid at its start, or inputs unchanged). */
  skipped: ReadonlySet<string>;
  result: CreateResultKind;
  message: string;
  brief: CreateReport["brief"];
  startedAt: number;
  finishedAt: number;
  resume: string | null;
  resumesAt: string | null;
}

/** The report of a run (pure): a line per stage, the totals, the slowest and dearest stage. */
export function buildCreateReport(facts: ReportFacts): CreateReport {
  const stages: ReportStage[] = facts.order.map((stage, i) => {
    const row = facts.rows.get(stage);
    if (!row) {
      return {
        index: i + 1,
        stage,
        status: facts.skipped.has(stage) ? "skipped" : "pending",
        attempts: 0,
        attemptNumbers: [],
        verdict: null,
        wallMs: 0,
        turns: 0,
        tokensIn: 0,
        tokensOut: 0,
        cacheHits: 0,
        cacheHitRate: null,
        diagnoses: [],
        renders: [],
      };
    }
    return {
      index: i + 1,
      stage,
      status: row.status,
      attempts: row.attempts.length,
      attemptNumbers: row.attempts,
      verdict: row.verdict,
      wallMs: row.wallMs,
      turns: row.turns,
      tokensIn: row.tokensIn,
      tokensOut: row.tokensOut,
      cacheHits: row.cacheHits,
      cacheHitRate: rate(row.cacheHits, row.turns),
      diagnoses: row.diagnoses,
      renders: row.renders,
    };
  });
  const sum = (pick: (s: ReportStage) => number) => stages.reduce((n, s) => n + pick(s), 0);
  const totals = {
    wallMs: sum((s) => s.wallMs),
    turns: sum((s) => s.turns),
    tokensIn: sum((s) => s.tokensIn),
    tokensOut: sum((s) => s.tokensOut),
    cacheHits: sum((s) => s.cacheHits),
    cacheHitRate: rate(
      sum((s) => s.cacheHits),
      sum((s) => s.turns),
    ),
    diagnosisTokens: sum((s) => s.diagnoses.reduce((n, d) => n + d.tokensIn + d.tokensOut, 0)),
  };
  const worked = stages.filter((s) => s.attempts > 0);
  const top = <T>(by: (s: ReportStage) => number, make: (s: ReportStage) => T): T | null => {
    const best = worked.reduce<ReportStage | undefined>(
      (a, s) => (a === undefined || by(s) > by(a) ? s : a),
      undefined,
    );
    return best ? make(best) : null;
  };
  return createReportSchema.parse({
    schema: 1,
    result: facts.result,
    message: facts.message,
    brief: facts.brief,
    startedAt: new Date(facts.startedAt).toISOString(),
    finishedAt: new Date(facts.finishedAt).toISOString(),
    wallMs: Math.max(0, facts.finishedAt - facts.startedAt),
    stages,
    totals,
    slowest: top(
      (s) => s.wallMs,
      (s) => ({ stage: s.stage, wallMs: s.wallMs }),
    ),
    mostExpensive: top(
      (s) => s.tokensIn + s.tokensOut,
      (s) => ({ stage: s.stage, tokens: s.tokensIn + s.tokensOut }),
    ),
    resume: facts.resume,
    resumesAt: facts.resumesAt,
  });
}

const percent = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);

/** How many stages had each status: "7 ran, 1 adopted". */
export function statusCounts(report: CreateReport): string {
  const counts = new Map<string, number>();
  for (const s of report.stages) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
}

/** REPORT.md (pure): the cost table of the run, its totals and what to look at. */
export function renderReportMarkdown(report: CreateReport): string {
  const t = report.totals;
  const tokens = t.tokensIn + t.tokensOut;
  const lines = [
    `# copperhead create: ${report.brief.title}`,
    "",
    `**${report.result}**: ${report.message}`,
    "",
    `${report.stages.length} stages (${statusCounts(report)}) in ${formatDuration(report.wallMs)}; ` +
      `${formatTokens(tokens)} tokens (${formatTokens(t.tokensIn)} in, ${formatTokens(t.tokensOut)} out` +
      `${t.diagnosisTokens > 0 ? `, ${formatTokens(t.diagnosisTokens)} of them diagnosis` : ""}); ` +
      `${percent(t.cacheHitRate)} of ${t.turns} turns from the response cache.`,
    "",
    "| # | stage | status | attempts | wall | turns | tokens in | tokens out | cache hits | diagnosis |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const s of report.stages) {
    const diagnosis =
      s.diagnoses.length === 0
        ? "—"
        : s.diagnoses
            .map(
              (d) =>
                `${d.verdict} after ${d.afterAttempt} (${formatTokens(d.tokensIn + d.tokensOut)} tokens)`,
            )
            .join("; ");
    lines.push(
      `| ${s.index} | ${s.stage} | ${s.status} | ${s.attempts} | ${formatDuration(s.wallMs)} | ${s.turns} | ${formatTokens(s.tokensIn)} | ${formatTokens(s.tokensOut)} | ${percent(s.cacheHitRate)} | ${diagnosis} |`,
    );
  }
  lines.push(
    `| | **total** | | ${report.stages.reduce((n, s) => n + s.attempts, 0)} | ${formatDuration(t.wallMs)} | ${t.turns} | ${formatTokens(t.tokensIn)} | ${formatTokens(t.tokensOut)} | ${percent(t.cacheHitRate)} | ${t.diagnosisTokens > 0 ? `${formatTokens(t.diagnosisTokens)} tokens` : "—"} |`,
    "",
  );
  if (report.slowest) {
    lines.push(
      `Slowest stage: **${report.slowest.stage}** (${formatDuration(report.slowest.wallMs)}). ` +
        `Most expensive: **${report.mostExpensive?.stage}** (${formatTokens(report.mostExpensive?.tokens ?? 0)} tokens).`,
      "",
    );
  }
  const renders = report.stages.flatMap((s) => s.renders.map((r) => `- ${s.stage}: ${r}`));
  if (renders.length > 0) {
    lines.push("## Renders", "");
    pushAll(lines, renders);
    lines.push("");
  }
  const why = report.stages.flatMap((s) =>
    s.diagnoses.map(
      (d) => `- ${s.stage}, after attempt ${d.afterAttempt}: ${d.verdict}: ${d.reason}`,
    ),
  );
  if (why.length > 0) {
    lines.push("## Diagnoses", "");
    pushAll(lines, why);
    lines.push("");
  }
  if (report.resume) {
    lines.push(
      `Resume with \`${report.resume}\`${report.resumesAt ? ` (it resumes at ${report.resumesAt})` : ""}.`,
      "",
    );
  }
  return lines.join("\n");
}
