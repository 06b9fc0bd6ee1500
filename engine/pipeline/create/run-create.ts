import { stageGraph } from "../../../stages/registry.js";
import { CachingProvider } from "../../agent/cache/caching-provider.js";
import type { AgentBudget } from "../../agent/loop/run-agent.js";
import { formatDuration, formatTokens } from "../../agent/progress.js";
import type { Provider } from "../../agent/providers/provider.js";
import { ProviderPausedError } from "../../agent/providers/provider-errors.js";
import { createRedactor } from "../../agent/redact.js";
import { describeError } from "../../errors.js";
import type { FlowGraph } from "../../flow/graph.js";
import { readFlow } from "../../flow/read-flow.js";
import { nextAction } from "../../flow/scheduler.js";
import { gatePasses } from "../../flow/stage.js";
import { readConfig } from "../../repo/config.js";
import { git } from "../../repo/git.js";
import { AttemptError } from "../attempt-error.js";
import { type RecoveredRun, recoverKilledRuns } from "../recover.js";
import { recoveredLines } from "../report.js";
import { acquireRunLock, type HeldLock } from "../run-lock.js";
import { runStage } from "../run-stage.js";
import { carryDiagnosis, NO_CARRY, type RowCarry, readRow, type StageRow } from "../stage-row.js";
import type { BriefSource } from "./brief-source.js";
import type { CreateProgress } from "./create-progress.js";
import { openCreateRepo, refuseInitOrigin, scaffoldCreateRepo } from "./create-repo.js";
import type { CreateResultKind } from "./create-report.js";
import { diagnoseAttempt, transcriptTail } from "./diagnosis.js";
import { commitLeftovers, type Leftovers } from "./leftovers.js";
import { type SettledReport, settleReport } from "./settle-report.js";

export interface CreateOptions {
  /** The folder the design is made in (made a repository when it is not one). */
  target: string;
  brief: BriefSource;
  /** The model of a stage (made only when that stage needs one). */
  provider: (stage: string) => Promise<Provider>;
  /** The exact command that resumes this run (printed, and in every outcome.json). */
  resume: string;
  /** Retries per stage after its first failed attempt; default `retries` in config.json. */
  retries?: number;
  budget?: Partial<AgentBudget>;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  now?: () => number;
  graph?: FlowGraph;
  progress?: CreateProgress;
}

/** Why the loop stopped before every stage was valid. */
export interface Stop {
  result: Exclude<CreateResultKind, "done">;
  stage?: string;
  message: string;
}

export interface CreateRun {
  repo: string;
  result: CreateResultKind;
  message: string;
  /** The stage the resume command picks up at (not done). */
  resumesAt?: string;
  recovered: RecoveredRun[];
  leftovers?: Leftovers;
  /** The report, when the run did something to report. */
  report?: SettledReport;
  head: string;
  /** Model calls made (turns and diagnoses that were not cache hits). */
  rows: ReadonlyMap<string, StageRow>;
}

/** The loop gives up rather than spin: far more steps than eight stages and their retries take. */
const MAX_STEPS = 200;

/**
 * `copperhead create`: the repository set up (init, identity, .gitignore, origin, the brief
 * committed), a killed run recovered and copperhead's leftovers committed, then the scheduler
 * drives the stages — DISPATCH runs one attempt (or adopts a person's edit that passes the
 * gate), a failed attempt is diagnosed by a tool-less turn and retried with its guidance up to
 * `retries` times, ESCALATE stops with its reason — until DONE or a stage cannot go on. The
 * run's report is written and committed from the stages' rows when the run did anything.
 */
export async function runCreate(options: CreateOptions): Promise<CreateRun> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const graph = options.graph ?? stageGraph();
  const { repo, initialised } = await openCreateRepo(options.target, options.brief);
  await refuseInitOrigin(repo);
  const lock = await acquireRunLock(repo, "copperhead create");
  const rows = new Map<string, StageRow>();
  const stale = new Set<string>();
  let skipped = new Set<string>();
  let recovered: RecoveredRun[] = [];
  let leftovers: Leftovers | undefined;
  let setupCommits = 0;
  let brief = { path: "brief.md", sha256: "", title: "" };
  let stop: Stop | undefined;
  let resumesAt: string | undefined;
  try {
    if (!initialised && (await hasHead(repo))) {
      const config = await readConfig(repo);
      recovered = await recoverKilledRuns({ repo, graph, config, lock, now });
      for (const line of recoveredLines(recovered)) options.progress?.line(line);
      leftovers = await commitLeftovers(repo, graph, {
        command: "copperhead create",
        ...(options.brief.kind !== "sentence" ? { brief: "brief.md" } : {}),
      });
    }
    const scaffold = await scaffoldCreateRepo(repo, options.brief);
    setupCommits = scaffold.commits.length + (leftovers?.commit ? 1 : 0);
    brief = scaffold.brief;
    const first = await readFlow(repo, graph);
    skipped = new Set(graph.order.filter((s) => first.statuses.get(s)!.state === "valid"));
    stop = await drive({ repo, graph, lock, options, rows, stale, leftovers, now });
  } catch (error) {
    if (error instanceof ProviderPausedError) {
      stop = { result: "paused", message: error.message };
    } else {
      await finishRun(false);
      throw error;
    }
  }
  return finishRun(true);

  async function finishRun(complete: boolean): Promise<CreateRun> {
    try {
      const flow = await readFlow(repo, graph).catch(() => undefined);
      resumesAt = stop?.stage ?? graph.order.find((s) => flow?.statuses.get(s)?.state !== "valid");
      const result: CreateResultKind = stop?.result ?? "done";
      const message = stop?.message ?? "every stage is valid";
      const worked = rows.size > 0 || setupCommits > 0 || recovered.length > 0;
      const report =
        worked && brief.sha256 !== ""
          ? await settleReport(repo, {
              order: graph.order,
              rows,
              stale,
              skipped,
              result: complete ? result : "failed",
              message: complete ? message : "the run stopped on an error",
              brief,
              startedAt,
              finishedAt: now(),
              resume: result === "done" && complete ? null : options.resume,
              resumesAt: result === "done" && complete ? null : (resumesAt ?? null),
            })
          : undefined;
      return {
        repo,
        result,
        message,
        ...(resumesAt && result !== "done" ? { resumesAt } : {}),
        recovered,
        ...(leftovers ? { leftovers } : {}),
        ...(report ? { report } : {}),
        head: (await git(repo, ["rev-parse", "HEAD"]).catch(() => "")).trim(),
        rows,
      };
    } finally {
      options.progress?.done();
      await lock.release();
    }
  }
}

async function hasHead(repo: string): Promise<boolean> {
  return (await git(repo, ["rev-parse", "--verify", "-q", "HEAD"]).catch(() => "")).trim() !== "";
}

interface Drive {
  repo: string;
  graph: FlowGraph;
  lock: HeldLock;
  options: CreateOptions;
  /** Rows of the stages this run settled, by stage. */
  rows: Map<string, StageRow>;
  /** Stages whose row on disk is older than `rows` (a diagnosis after its trail commit). */
  stale: Set<string>;
  leftovers: Leftovers | undefined;
  now: () => number;
}

/** The scheduler's loop; returns why it stopped, or nothing when every stage is valid. */
async function drive(d: Drive): Promise<Stop | undefined> {
  const { repo, graph, options } = d;
  const env = options.env ?? process.env;
  const carries = new Map<string, RowCarry>();
  const guidance = new Map<string, { afterAttempt: number; text: string }>();
  const providers = new Map<string, Promise<Provider>>();
  const adoptTried = new Set<string>();
  const modelOf = (stage: string) => {
    let made = providers.get(stage);
    if (!made) {
      made = options.provider(stage);
      providers.set(stage, made);
    }
    return made;
  };
  let recoveries = 0;
  const total = graph.order.length;

  for (let step = 0; step < MAX_STEPS; step++) {
    if (options.signal?.aborted) {
      return { result: "interrupted", message: describeError(options.signal.reason) };
    }
    const config = await readConfig(repo);
    const retries = options.retries ?? config.retries;
    const flow = await readFlow(repo, graph);
    const action = nextAction({
      graph,
      statuses: flow.statuses,
      events: flow.events,
      finished: flow.finished,
      maxAttempts: config.maxAttempts,
    });
    if (action.action === "DONE") return undefined;
    if (action.action === "ESCALATE") {
      return {
        result: "escalated",
        ...(action.stage ? { stage: action.stage } : {}),
        message: action.reason,
      };
    }
    if (action.action === "YIELD" || action.action === "REAP") {
      // A run dispatched and never settled (its process died): recover it, then ask again.
      if (++recoveries > 2) {
        return {
          result: "failed",
          message: `the flow keeps answering ${action.action}; run copperhead status to see the run in flight`,
        };
      }
      await recoverKilledRuns({ repo, graph, config, lock: d.lock, now: d.now });
      continue;
    }

    const stage = action.stage;
    const node = graph.stages.get(stage)!;
    const status = flow.statuses.get(stage)!;
    const unfinished =
      status.latest !== undefined &&
      !(status.latest.type === "outcome" && status.latest.verdict === "pass");
    const carry = carries.get(stage) ?? {
      ...NO_CARRY,
      resumed: unfinished || d.leftovers?.stage === stage,
    };
    const index = graph.order.indexOf(stage) + 1;
    const common = {
      repo,
      stage,
      graph,
      lock: d.lock,
      carry,
      resume: options.resume,
      env,
      now: d.now,
      ...(options.signal ? { signal: options.signal } : {}),
    };

    // A stage that never ran, or whose own files a person edited since it passed (nothing it
    // reads changed): the files as they are may already pass its gate.
    const ownOnly =
      status.state === "stale" &&
      status.stale.length > 0 &&
      status.stale.every((r) => r.kind === "output");
    if ((action.fresh || ownOnly) && !adoptTried.has(stage)) {
      adoptTried.add(stage);
      const evidence = await node.declaration.gate({ repo, config: await readConfig(repo) });
      if (gatePasses(evidence)) {
        options.progress?.stage(
          index,
          total,
          stage,
          status.attempt + 1,
          " · adopting the files as they are",
        );
        const adopted = await runStage({ ...common, adopt: true, provider: () => modelOf(stage) });
        if (adopted.action !== "ran") continue;
        d.rows.set(stage, adopted.row);
        options.progress?.line(stageLine(index, total, adopted.row, adopted.result.commit));
        continue;
      }
    }

    options.progress?.stage(
      index,
      total,
      stage,
      status.attempt + 1,
      node.declaration.run ? " (deterministic)" : ` (turn budget ${node.declaration.turnBudget})`,
    );
    const hint = guidance.get(stage);
    const ran = await runStage({
      ...common,
      provider: () => modelOf(stage),
      ...(hint ? { guidance: hint } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.progress
        ? { write: options.progress.write, observe: options.progress.observe }
        : {}),
    }).catch(async (error: unknown) => {
      // A phase that threw still recorded the attempt (blocked) and its row: report it.
      if (error instanceof AttemptError) {
        const row = await readRow(repo, stage);
        if (row) d.rows.set(stage, row);
      }
      throw error;
    });
    if (ran.action === "skipped") continue;
    if (ran.action === "refused") {
      return { result: "failed", stage, message: `the flow refused ${stage}: ${ran.reason}` };
    }
    const { result, row } = ran;
    d.rows.set(stage, row);
    d.stale.delete(stage);
    options.progress?.line(stageLine(index, total, row, result.commit));
    const spent = carryOfRow(row, carry.resumed);
    carries.set(stage, spent);
    switch (result.verdict) {
      case "passed":
      case "unchanged":
        guidance.delete(stage);
        continue;
      case "paused":
        return {
          result: "paused",
          stage,
          message: `${stage} paused: ${result.work?.summary ?? "a usage limit"}`,
        };
      case "interrupted":
        return {
          result: "interrupted",
          stage,
          message: `${stage} attempt ${result.attempt} was interrupted`,
        };
      default:
        break;
    }
    const failed = ran.outcome.evidence.filter((e) => !e.ok);
    const what =
      failed.length > 0
        ? failed.map((e) => `${e.check}: ${e.detail}`).join("; ")
        : `the run ended ${result.work?.exit ?? "early"}`;
    if (node.declaration.run) {
      return {
        result: "failed",
        stage,
        message: `${stage} attempt ${result.attempt} failed (${what}); it runs no model, so a retry would fail the same way: fix the cause, then resume`,
      };
    }
    if (row.attempts.length > retries) {
      return {
        result: "failed",
        stage,
        message: `${stage} is out of attempts (${row.attempts.length} failed in this run; the last: ${what})`,
      };
    }
    const model = await modelOf(stage);
    const tail = await transcriptTail(repo, stage, result.attempt);
    const diagnosis = await diagnoseAttempt(
      new CachingProvider(model, repo, createRedactor(env)),
      {
        stage: node.declaration,
        attempt: result.attempt,
        attemptsLeft: retries + 1 - row.attempts.length,
        outcome: ran.outcome,
        summary: result.work?.summary ?? "",
        ...tail,
      },
      { ...(options.signal ? { signal: options.signal } : {}), now: d.now },
    );
    const diagnosed = carryDiagnosis(spent, diagnosis);
    carries.set(stage, diagnosed);
    d.rows.set(stage, { ...row, ...costOf(diagnosed), diagnoses: diagnosed.diagnoses });
    d.stale.add(stage);
    options.progress?.line(
      `  diagnosis of ${stage} attempt ${result.attempt}: ${diagnosis.verdict}: ${diagnosis.reason}`,
    );
    if (diagnosis.verdict === "abort") {
      return {
        result: "failed",
        stage,
        message: `${stage} attempt ${result.attempt} failed (${what}); its diagnosis says abort: ${diagnosis.reason}`,
      };
    }
    guidance.set(stage, { afterAttempt: result.attempt, text: diagnosis.guidance });
  }
  return {
    result: "failed",
    message: `the flow did not settle in ${MAX_STEPS} steps; run copperhead status`,
  };
}

/** What a row says the run spent on its stage, to carry into the stage's next attempt. */
function carryOfRow(row: StageRow, resumed: boolean): RowCarry {
  return {
    attempts: row.attempts,
    wallMs: row.wallMs,
    turns: row.turns,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    cacheHits: row.cacheHits,
    diagnoses: row.diagnoses,
    resumed,
  };
}

function costOf(carry: RowCarry) {
  const { wallMs, turns, tokensIn, tokensOut, cacheHits } = carry;
  return { wallMs, turns, tokensIn, tokensOut, cacheHits };
}

/** `✓ [4/8] schematic  passed attempt 1 · 12s · 14.2k tokens · committed 3f2c9a1` */
function stageLine(index: number, total: number, row: StageRow, commit?: string): string {
  const mark = row.verdict === "pass" ? "✓" : "✗";
  const last = row.attempts.at(-1) ?? 0;
  const word =
    row.status === "adopted"
      ? "adopted"
      : row.verdict === "pass"
        ? "passed"
        : row.verdict === "blocked"
          ? "stopped"
          : "failed";
  const tokens = formatTokens(row.tokensIn + row.tokensOut);
  return `${mark} [${index}/${total}] ${row.stage}  ${word} attempt ${last} · ${formatDuration(row.wallMs)} · ${tokens} tokens${commit && row.verdict === "pass" ? ` · committed ${commit.slice(0, 7)}` : ""}`;
}
