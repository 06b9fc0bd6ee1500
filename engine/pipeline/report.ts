import { z } from "zod";
import { closingLine } from "../agent/progress.js";
import { pushAll } from "../array-ops.js";
import type { InterruptedError } from "../errors.js";
import { type Outcome, outcomeSchema } from "../flow/outcome.js";
import { stageStates } from "../flow/state.js";
import type { AttemptResult } from "./attempt.js";
import type { RecoveredRun } from "./recover.js";
import type { RunRequestResult } from "./run-request.js";
import type { StageRunResult } from "./run-stage.js";

/** The exit codes of `copperhead stage` and `copperhead do` (docs/flow.md, docs/agent.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  internal: 3,
  paused: 4,
  refused: 5,
} as const;

/** A report as a face prints it: lines for stdout and stderr, and the exit code. */
export interface Rendered {
  stdout: string[];
  stderr: string[];
  exitCode: number;
}

/** What a face says about killed runs it recovered before starting. */
export function recoveredLines(recovered: readonly RecoveredRun[]): string[] {
  const lines: string[] = [];
  for (const r of recovered) {
    const where = r.stash
      ? `its work is in stash "${r.stash.name}" and on ${r.wip?.ref} (git stash apply ${r.stash.sha.slice(0, 12)})`
      : "it had left nothing in the tree";
    lines.push(
      `recovered ${r.scope} attempt ${r.attempt}, which stopped without an outcome: ${where}`,
    );
    if (r.yours.length > 0) {
      lines.push(`  left alone as yours: ${r.yours.join(", ")}`);
    }
  }
  return lines;
}

function tokens(result: AttemptResult): number {
  const cost = result.work?.cost;
  return cost ? cost.tokensIn + cost.tokensOut : 0;
}

function stashLines(result: AttemptResult, resume: string): string[] {
  if (!result.stash) return ["the run changed nothing; the tree is as it was."];
  return [
    `the run's work is in stash ${result.stash.name}${result.wip ? ` and on ${result.wip.ref}` : ""}; the tree is back where it started. Get it back with: git stash apply ${result.stash.sha.slice(0, 12)}`,
    `resume with: ${resume}`,
  ];
}

/** `copperhead do`: the closing line, what happened to the work, and the exit code. */
export function renderDoReport(
  result: RunRequestResult,
  resume: string,
  interrupted?: InterruptedError,
): Rendered {
  const { run } = result;
  const stderr: string[] = [];
  const tokenCount =
    run.usage.input + run.usage.output + run.usage.cacheRead + run.usage.cacheWrite;
  const closing = (exit: string, commit?: string) =>
    stderr.push(
      closingLine({
        exit,
        verified: run.verified,
        ...(commit ? { commit } : {}),
        wallMs: run.wallMs,
        tokens: tokenCount,
      }),
    );
  if (result.droppedStash) {
    stderr.push(
      `note: the resumed run redid the paused run's work; its stash ${result.droppedStash} duplicated this commit and was dropped`,
    );
  }
  if (result.stash && result.verdict !== "failed" && result.verdict !== "interrupted") {
    stderr.push(
      `note: the paused run's leftover work was set aside in stash ${result.stash.name} (git stash apply ${result.stash.sha.slice(0, 12)})`,
    );
  }
  switch (result.verdict) {
    case "committed":
      closing("done", result.commit);
      return { stdout: [result.commit ?? ""], stderr, exitCode: EXIT.ok };
    case "unchanged":
      closing("done · nothing to commit");
      return { stdout: [], stderr, exitCode: EXIT.ok };
    case "paused":
      closing("paused");
      stderr.push(
        `paused: re-run to resume (${run.summary}). The work so far is kept in the tree; the same command replays the finished turns from the cache.`,
      );
      return { stdout: [], stderr, exitCode: EXIT.paused };
    case "interrupted":
      closing("interrupted");
      stderr.push(
        `interrupted${interrupted ? ` by ${interrupted.signalName}` : ""}: ${run.summary}`,
      );
      pushAll(stderr, stashLines(result.attemptResult, resume));
      return { stdout: [], stderr, exitCode: interrupted?.exitCode ?? 130 };
    case "failed":
      closing(run.exit);
      stderr.push(`not committed: the run ended ${run.exit}: ${run.summary}`);
      for (const o of result.unmet) stderr.push(`  - [${o.kind}] ${o.detail.split("\n")[0]}`);
      if (result.stash) {
        stderr.push(
          `the run's work is in stash ${result.stash.name}; the tree is back where it started. Get it back with: git stash apply ${result.stash.sha.slice(0, 12)}`,
        );
      } else {
        stderr.push("the run changed nothing; the tree is as it was.");
      }
      stderr.push(`transcript: ${run.transcript}`);
      return { stdout: [], stderr, exitCode: EXIT.failed };
  }
}

/** What `copperhead stage --json` prints: one object, the outcome of the attempt inside it. */
export const stageReportSchema = z.object({
  schema: z.literal(1),
  stage: z.string(),
  result: z.enum(["passed", "failed", "skipped", "refused", "paused", "interrupted"]),
  /** The attempt that ran, or the latest one (skipped, refused). */
  attempt: z.int().min(0),
  exitCode: z.int(),
  message: z.string(),
  /** The stage commit (pass) or the trail commit recording a fail. */
  commit: z.string().optional(),
  /** The work stayed in the tree for the next attempt (a gate failure). */
  kept: z.boolean(),
  stash: z.object({ name: z.string(), sha: z.string() }).optional(),
  wip: z.object({ ref: z.string(), commit: z.string() }).optional(),
  blockers: z.array(z.object({ stage: z.string(), state: z.enum(stageStates) })).optional(),
  /** The command to run next, when there is one. */
  next: z.string().optional(),
  recovered: z.array(
    z.object({
      stage: z.string(),
      attempt: z.int(),
      stash: z.string().optional(),
      yours: z.array(z.string()),
    }),
  ),
  outcome: outcomeSchema.optional(),
});

export type StageReport = z.infer<typeof stageReportSchema>;

function attemptResultKind(result: AttemptResult): StageReport["result"] {
  switch (result.verdict) {
    case "passed":
    case "unchanged":
      return "passed";
    case "paused":
      return "paused";
    case "interrupted":
      return "interrupted";
    default:
      return "failed";
  }
}

function failedChecks(outcome: Outcome): string[] {
  return outcome.evidence.filter((e) => !e.ok).map((e) => `  - ${e.check}: ${e.detail}`);
}

/** `copperhead stage`: the human lines, the JSON report and the exit code. */
export function renderStageReport(
  run: StageRunResult,
  interrupted?: InterruptedError,
): Rendered & { report: StageReport } {
  const resume = `copperhead stage ${run.stage}`;
  const recovered = run.recovered.map((r) => ({
    stage: r.scope,
    attempt: r.attempt,
    ...(r.stash ? { stash: r.stash.name } : {}),
    yours: r.yours,
  }));
  const base = { schema: 1 as const, stage: run.stage, recovered, kept: false };
  if (run.action === "skipped") {
    const report = {
      ...base,
      result: "skipped" as const,
      attempt: run.attempt,
      exitCode: EXIT.ok,
      message: run.reason,
    };
    return { stdout: [], stderr: [run.reason], exitCode: EXIT.ok, report };
  }
  if (run.action === "refused") {
    const report = {
      ...base,
      result: "refused" as const,
      attempt: run.attempt,
      exitCode: EXIT.refused,
      message: run.reason,
      blockers: run.blockers,
      next: run.next,
    };
    return { stdout: [], stderr: [`refused: ${run.reason}`], exitCode: EXIT.refused, report };
  }

  const { result, outcome } = run;
  const kind = attemptResultKind(result);
  const stderr: string[] = [];
  const head = `${run.stage} attempt ${result.attempt}`;
  stderr.push(
    closingLine({
      exit: kind,
      verified: result.work?.verified ?? [],
      ...(kind === "passed" && result.commit ? { commit: result.commit } : {}),
      wallMs: outcome.cost.wallMs,
      tokens: tokens(result),
    }),
  );
  let exitCode: number = EXIT.failed;
  let message: string;
  let next: string | undefined = resume;
  switch (result.verdict) {
    case "passed":
    case "unchanged":
      exitCode = EXIT.ok;
      next = undefined;
      message = `${head} passed: ${outcome.evidence.map((e) => e.check).join(", ")}`;
      stderr.push(message);
      break;
    case "gate-failed":
      message = `${head} finished but failed its gate:`;
      pushAll(stderr, [message, ...failedChecks(outcome)]);
      if (result.kept) {
        stderr.push(
          `the work stays in the tree for the next attempt${result.wip ? ` (also on ${result.wip.ref})` : ""}; the outcome is committed${result.commit ? ` as ${result.commit.slice(0, 12)}` : ""}`,
        );
      } else {
        pushAll(stderr, stashLines(result, resume));
      }
      break;
    case "paused":
      exitCode = EXIT.paused;
      message = `${head} paused: ${result.work?.summary ?? "usage limit"}`;
      pushAll(stderr, [message, ...stashLines(result, resume)]);
      stderr.push("rerun after the limit resets: the finished turns replay from the cache");
      break;
    case "interrupted":
      exitCode = interrupted?.exitCode ?? 130;
      message = `${head} interrupted${interrupted ? ` by ${interrupted.signalName}` : ""}`;
      pushAll(stderr, [message, ...stashLines(result, resume)]);
      break;
    default:
      message = `${head} failed: the run ended ${result.work?.exit ?? "early"}: ${result.work?.summary ?? ""}`;
      pushAll(stderr, [message, ...failedChecks(outcome), ...stashLines(result, resume)]);
  }
  if (result.work?.agent) stderr.push(`transcript: ${result.work.agent.transcript}`);
  if (next && result.verdict !== "interrupted" && result.verdict !== "run-failed")
    stderr.push(`next: ${next}`);
  const report: StageReport = {
    ...base,
    result: kind,
    attempt: result.attempt,
    exitCode,
    message,
    kept: result.kept,
    ...(result.commit ? { commit: result.commit } : {}),
    ...(result.stash ? { stash: { name: result.stash.name, sha: result.stash.sha } } : {}),
    ...(result.wip ? { wip: result.wip } : {}),
    ...(next ? { next } : {}),
    outcome,
  };
  const stdout = kind === "passed" && result.commit ? [result.commit] : [];
  return { stdout, stderr, exitCode, report };
}
