import type { CheckReport } from "../../engine/check/check-report.js";
import type { Outcome } from "../../engine/flow/outcome.js";
import type { LegibilityFinding } from "../../engine/kicad/legibility/finding.js";
import type { Violation } from "../../engine/kicad/violation.js";
import type { Settings } from "../../engine/workflow/settings.js";
import { type DesignView, type StageView, stageState } from "../design-view.js";
import type { Annotation, CheckConclusion } from "../github-types.js";
import { type Locator, locate, refsInDescription } from "./locate.js";
import { code, inline, truncate } from "./markdown.js";
import { costLine } from "./tracker.js";

/** One check run as the App wants it on a commit; annotations are sent 50 at a time. */
export interface CheckRunPlan {
  name: string;
  status: "queued" | "in_progress" | "completed";
  conclusion?: CheckConclusion;
  title: string;
  summary: string;
  annotations: Annotation[];
}

export const checkName = (what: string) => `copperhead / ${what}`;
export const DESIGN_CHECKS = ["erc", "legibility", "drc"] as const;
export type DesignCheck = (typeof DESIGN_CHECKS)[number];

/** GitHub takes at most 50 annotations per create/update call. */
export const ANNOTATION_BATCH = 50;

export function batches<T>(items: readonly T[], size = ANNOTATION_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const STATE_CHECK: Record<
  ReturnType<typeof stageState>,
  { status: CheckRunPlan["status"]; conclusion?: CheckConclusion; word: string }
> = {
  passed: { status: "completed", conclusion: "success", word: "passed" },
  failed: { status: "completed", conclusion: "failure", word: "failed" },
  blocked: { status: "completed", conclusion: "failure", word: "blocked" },
  running: { status: "in_progress", word: "running" },
  queued: { status: "queued", word: "queued" },
  skipped: { status: "completed", conclusion: "skipped", word: "not in this repo's stages" },
  cancelled: { status: "completed", conclusion: "cancelled", word: "cancelled before it ran" },
  "timed-out": { status: "completed", conclusion: "timed_out", word: "timed out" },
  // A required stage that has not run blocks the merge until someone acts.
  "not-run": { status: "completed", conclusion: "action_required", word: "not run yet" },
};

function outcomeSummary(o: Outcome, view: DesignView, s: StageView): string[] {
  const lines = [`Attempt ${o.attempt}, commit ${code(o.commit.slice(0, 12))}.`, ""];
  if (o.commit !== view.headSha && o.verdict === "pass" && !view.headSha.startsWith(o.commit))
    lines.push(
      `Recorded at ${code(o.commit.slice(0, 12))}; the head is ${code(view.headSha.slice(0, 12))}. The workflow reruns the stage if its inputs changed since (\`/copperhead retry\`).`,
      "",
    );
  if (o.evidence.length > 0) {
    lines.push("| evidence | ok | detail |", "|---|---|---|");
    for (const e of o.evidence)
      lines.push(`| ${code(e.check)} | ${e.ok ? "✅" : "❌"} | ${inline(e.detail)} |`);
    lines.push("");
  }
  if (o.obligations.length > 0) {
    lines.push("Unmet obligations:");
    for (const ob of o.obligations)
      lines.push(`- ${code(ob.kind)} — ${inline(ob.detail)} (opened by ${code(ob.openedBy)})`);
    lines.push("");
  }
  const f = o.findings;
  const counts = [
    `ERC ${f.erc.length}`,
    `DRC ${f.drc.length}`,
    `legibility ${f.legibility.length}`,
  ];
  lines.push(`Findings: ${counts.join(" · ")}. Cost: ${costLine(o.cost)}.`);
  if (o.fixOwner && o.fixOwner !== o.stage) lines.push(`Fix owner: ${code(o.fixOwner)}.`);
  if (s.outcomePath) lines.push("", `Outcome: ${code(s.outcomePath)}.`);
  if (o.verdict !== "pass")
    lines.push("", `Resume: \`/copperhead retry ${o.stage}\` or locally ${code(o.resume)}.`);
  return lines;
}

/** The check run of one stage on the head commit. */
export function stageCheck(view: DesignView, s: StageView): CheckRunPlan {
  const state = stageState(s, view.run);
  const how = STATE_CHECK[state];
  const lines: string[] = [];
  if (s.outcome) lines.push(...outcomeSummary(s.outcome, view, s));
  else if (s.unreadable)
    lines.push(`The stage's outcome.json cannot be read: ${inline(s.unreadable)}`);
  else if (state === "not-run")
    lines.push(
      "No outcome on this branch yet. Comment `/copperhead retry` on the pull request to run it.",
    );
  else if (state === "skipped")
    lines.push("`.github/copperhead.yml` leaves this stage out (`stages:`).");
  else if (state === "running")
    lines.push(`The design run's \`copperhead / ${s.stage}\` job is running.`);
  else if (state === "queued") lines.push("Waiting for the design run to reach this stage.");
  else if (state === "cancelled")
    lines.push(
      "The design run was cancelled before this stage wrote an outcome; `/copperhead retry` resumes.",
    );
  else if (state === "timed-out")
    lines.push(
      "The design run timed out before this stage wrote an outcome; `/copperhead retry` resumes.",
    );
  if (s.job?.htmlUrl) lines.push("", `Job: ${s.job.htmlUrl}`);
  return {
    name: checkName(s.stage),
    status: how.status,
    ...(how.conclusion ? { conclusion: how.conclusion } : {}),
    title: `${s.stage}: ${how.word}${s.outcome ? ` (attempt ${s.outcome.attempt})` : ""}`,
    summary: truncate(lines.join("\n")),
    annotations: [],
  };
}

const LEVEL = {
  error: "failure",
  warning: "warning",
  exclusion: "notice",
  info: "notice",
} as const;

function violationAnnotations(list: readonly Violation[], locator: Locator, side: "sch" | "pcb") {
  const out: Annotation[] = [];
  for (const v of list) {
    if (v.excluded || v.severity === "exclusion") continue;
    const refs = v.items.flatMap((i) => refsInDescription(i.description));
    const at = locate(locator, side, refs);
    if (!at) continue;
    const items = v.items.map(
      (i) => `- ${i.description}${i.pos ? ` @ (${i.pos.x}, ${i.pos.y}) mm` : ""}`,
    );
    out.push({
      path: at.path,
      start_line: at.line,
      end_line: at.line,
      annotation_level: LEVEL[v.severity],
      title: `${side === "sch" ? "ERC" : "DRC"} ${v.type}${v.sheet ? ` on ${v.sheet}` : ""}`.slice(
        0,
        255,
      ),
      message: v.description.slice(0, 2000),
      ...(items.length > 0 ? { raw_details: items.join("\n").slice(0, 8000) } : {}),
    });
  }
  return out;
}

function legibilityAnnotations(list: readonly LegibilityFinding[], locator: Locator) {
  const out: Annotation[] = [];
  for (const f of list) {
    const at = locate(locator, "sch", f.refs);
    if (!at) continue;
    out.push({
      path: at.path,
      start_line: at.line,
      end_line: at.line,
      annotation_level: f.severity === "error" ? "failure" : "notice",
      title: `legibility ${f.kind} on ${f.sheet}`.slice(0, 255),
      message:
        `${f.detail} (at ${f.at.x}, ${f.at.y} mm${f.refs.length ? `; ${f.refs.join(", ")}` : ""})`.slice(
          0,
          2000,
        ),
    });
  }
  return out;
}

function listViolations(list: readonly Violation[], max = 200): string[] {
  const lines = list.slice(0, max).map((v) => {
    const where = v.sheet ? ` on ${code(v.sheet)}` : "";
    return `- **${v.severity}** ${code(v.type)}${where}: ${inline(v.description)}`;
  });
  if (list.length > max) lines.push(`- … and ${list.length - max} more`);
  return lines;
}

function listLegibility(list: readonly LegibilityFinding[], max = 200): string[] {
  const lines = list
    .slice(0, max)
    .map(
      (f) =>
        `- **${f.severity}** ${code(f.kind)} on ${code(f.sheet)} at (${f.at.x}, ${f.at.y}) mm${f.refs.length ? ` — ${inline(f.refs.join(", "))}` : ""}: ${inline(f.detail)}`,
    );
  if (list.length > max) lines.push(`- … and ${list.length - max} more`);
  return lines;
}

function completed(
  what: DesignCheck,
  conclusion: CheckConclusion,
  title: string,
  lines: string[],
  annotations: Annotation[] = [],
): CheckRunPlan {
  return {
    name: checkName(what),
    status: "completed",
    conclusion,
    title,
    summary: truncate(lines.join("\n")),
    annotations,
  };
}

function violationVerdict(list: readonly Violation[]): {
  conclusion: CheckConclusion;
  word: string;
} {
  const live = list.filter((v) => !v.excluded && v.severity !== "exclusion");
  const errors = live.filter((v) => v.severity === "error").length;
  const warnings = live.filter((v) => v.severity === "warning").length;
  if (errors > 0)
    return { conclusion: "failure", word: `${errors} error(s), ${warnings} warning(s)` };
  if (warnings > 0) return { conclusion: "neutral", word: `${warnings} warning(s)` };
  return { conclusion: "success", word: "clean" };
}

function ercCheck(list: readonly Violation[], locator: Locator, from: string): CheckRunPlan {
  const v = violationVerdict(list);
  return completed(
    "erc",
    v.conclusion,
    `ERC: ${v.word}`,
    [from, "", ...listViolations(list)],
    violationAnnotations(list, locator, "sch"),
  );
}

function drcCheck(list: readonly Violation[], locator: Locator, from: string): CheckRunPlan {
  const v = violationVerdict(list);
  return completed(
    "drc",
    v.conclusion,
    `DRC: ${v.word}`,
    [from, "", ...listViolations(list)],
    violationAnnotations(list, locator, "pcb"),
  );
}

/** Advisory findings (hand-drawn sheets, or advisory severity) never fail the check. */
function legibilityCheck(
  list: readonly LegibilityFinding[],
  gated: boolean,
  locator: Locator,
  from: string,
): CheckRunPlan {
  const errors = list.filter((f) => f.severity === "error").length;
  const conclusion: CheckConclusion =
    list.length === 0 ? "success" : gated && errors > 0 ? "failure" : "neutral";
  const mode = gated ? "" : " (advisory: hand-drawn sheets never fail this check)";
  const title =
    list.length === 0
      ? "legibility: clean"
      : `legibility: ${errors} error(s), ${list.length - errors} advisory${mode}`;
  return completed(
    "legibility",
    conclusion,
    title.slice(0, 255),
    [from, "", ...listLegibility(list)],
    legibilityAnnotations(list, locator),
  );
}

function neutral(what: DesignCheck, title: string, why: string): CheckRunPlan {
  return completed(what, "neutral", title, [why]);
}

/** ERC, legibility and DRC on the head of a design branch, from the stages' outcomes. */
export function designChecks(
  view: DesignView,
  locator: Locator,
  enabled: Settings["checkRuns"],
): CheckRunPlan[] {
  const byStage = new Map(view.stages.map((s) => [s.stage, s.outcome]));
  const sch = byStage.get("schematic") ?? null;
  const pcb = byStage.get("layout") ?? null;
  const from = (o: Outcome) =>
    `From the ${o.stage} stage's attempt ${o.attempt} (commit ${code(o.commit.slice(0, 12))}).`;
  const plans: Record<DesignCheck, () => CheckRunPlan> = {
    erc: () =>
      sch
        ? ercCheck(sch.findings.erc, locator, from(sch))
        : neutral(
            "erc",
            "ERC: no schematic yet",
            "The schematic stage has not produced an outcome on this branch.",
          ),
    // Stage outcomes carry only findings the engine gates on for engine-drafted sheets.
    legibility: () =>
      sch
        ? legibilityCheck(sch.findings.legibility, true, locator, from(sch))
        : neutral(
            "legibility",
            "legibility: no schematic yet",
            "The schematic stage has not produced an outcome on this branch.",
          ),
    drc: () =>
      pcb
        ? drcCheck(pcb.findings.drc, locator, from(pcb))
        : neutral(
            "drc",
            "DRC: no board yet",
            "The layout stage has not produced an outcome on this branch.",
          ),
  };
  return DESIGN_CHECKS.filter((c) => enabled[c]).map((c) => plans[c]());
}

/** ERC, legibility and DRC for one commit from `copperhead check --json`. */
export function reportChecks(
  report: CheckReport,
  locator: Locator,
  enabled: Settings["checkRuns"],
  from: string,
): CheckRunPlan[] {
  const plans: Record<DesignCheck, () => CheckRunPlan> = {
    erc: () =>
      report.erc.status === "skipped"
        ? neutral("erc", "ERC: skipped", `${from}\n\n${inline(report.erc.reason)}`)
        : ercCheck(report.erc.violations, locator, from),
    legibility: () =>
      report.legibility.status === "skipped"
        ? neutral(
            "legibility",
            "legibility: skipped",
            `${from}\n\n${inline(report.legibility.reason)}`,
          )
        : legibilityCheck(
            report.legibility.report.findings,
            report.legibility.gated,
            locator,
            from,
          ),
    drc: () =>
      report.drc.status === "skipped"
        ? neutral("drc", "DRC: no board yet", `${from}\n\n${inline(report.drc.reason)}`)
        : drcCheck(
            [...report.drc.violations, ...report.drc.unconnected, ...report.drc.parity],
            locator,
            from,
          ),
  };
  return DESIGN_CHECKS.filter((c) => enabled[c]).map((c) => plans[c]());
}

/** The three whole-design checks while the check workflow runs on a commit. */
export function pendingDesignChecks(enabled: Settings["checkRuns"], why: string): CheckRunPlan[] {
  return DESIGN_CHECKS.filter((c) => enabled[c]).map((c) => ({
    name: checkName(c),
    status: "in_progress" as const,
    title: `${c}: checking this commit`,
    summary: why,
    annotations: [],
  }));
}
