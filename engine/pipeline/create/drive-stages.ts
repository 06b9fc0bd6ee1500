import { CachingProvider } from "../../agent/cache/caching-provider.js";
import type { Turn } from "../../agent/providers/message.js";
import type {
  CallOptions,
  EngineView,
  Provider,
  TurnRequest,
} from "../../agent/providers/provider.js";
import { createRedactor } from "../../agent/redact.js";
import { describeError } from "../../errors.js";
import { runGate } from "../../flow/gates/run-gate.js";
import type { FlowGraph } from "../../flow/graph.js";
import type { Outcome } from "../../flow/outcome.js";
import { readFlow } from "../../flow/read-flow.js";
import { nextAction } from "../../flow/scheduler.js";
import { gatePasses, type StageDeclaration } from "../../flow/stage.js";
import { readConfig } from "../../repo/config.js";
import type { AttemptResult } from "../attempt.js";
import { AttemptError } from "../attempt-error.js";
import { recoverKilledRuns } from "../recover.js";
import type { HeldLock } from "../run-lock.js";
import { runStage } from "../run-stage.js";
import { carryDiagnosis, NO_CARRY, type RowCarry, readRow, type StageRow } from "../stage-row.js";
import { stageResultLine } from "./create-progress.js";
import type { CreateResultKind } from "./create-report.js";
import { diagnoseAttempt, transcriptTail } from "./diagnosis.js";
import type { Leftovers } from "./leftovers.js";
import type { CreateOptions } from "./run-create.js";

/** Why the loop stopped before every stage was valid. */
export interface Stop {
  result: Exclude<CreateResultKind, "done">;
  stage?: string;
  message: string;
}

/**
 * A stage's model for the whole run: one session across its attempts and their diagnoses. An
 * attempt's end is not the session's (a scripted session that holds a retry must not be told
 * it ended early); `close` ends it once the stage is settled.
 */
class StageModel implements Provider {
  readonly name: string;
  readonly model: string;
  readonly #inner: Provider;

  constructor(inner: Provider) {
    this.#inner = inner;
    this.name = inner.name;
    this.model = inner.model;
  }

  complete(request: TurnRequest, view: EngineView, options?: CallOptions): Promise<Turn> {
    return this.#inner.complete(request, view, options);
  }

  replayed(view: EngineView): void {
    this.#inner.replayed?.(view);
  }

  /** An attempt ended; the stage's session goes on. */
  end(): void {}

  /** The stage is settled: the session is over (a scripted one checks its turns were used). */
  close(): void {
    this.#inner.end?.();
  }
}

/** The loop gives up rather than spin: far more steps than eight stages and their retries take. */
const MAX_STEPS = 200;

export interface Drive {
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

/**
 * The scheduler's loop: each DISPATCH is one stage attempt (or an adoption of a person's edit
 * that passes the gate); a failed attempt is diagnosed and retried with its guidance until the
 * stage is out of retries. Returns why it stopped, or nothing when every stage is valid.
 */
export async function driveStages(d: Drive): Promise<Stop | undefined> {
  const { repo, graph, options } = d;
  const env = options.env ?? process.env;
  const carries = new Map<string, RowCarry>();
  const guidance = new Map<string, { afterAttempt: number; text: string }>();
  const providers = new Map<string, Promise<StageModel>>();
  const adoptTried = new Set<string>();
  const modelOf = (stage: string) => {
    let made = providers.get(stage);
    if (!made) {
      made = options.provider(stage).then((inner) => new StageModel(inner));
      providers.set(stage, made);
    }
    return made;
  };
  const closeModel = async (stage: string) => (await providers.get(stage))?.close();
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
      const evidence = await runGate(node.declaration, { repo, config: await readConfig(repo) });
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
        options.progress?.line(stageResultLine(index, total, adopted.row, adopted.result.commit));
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
    options.progress?.line(stageResultLine(index, total, row, result.commit));
    const spent = carryOfRow(row, carry.resumed);
    carries.set(stage, spent);
    switch (result.verdict) {
      case "passed":
      case "unchanged":
        guidance.delete(stage);
        await closeModel(stage);
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
    const next = await afterFailure(d, {
      declaration: node.declaration,
      result,
      outcome: ran.outcome,
      row,
      spent,
      retries,
      model: () => modelOf(stage),
    });
    if ("stop" in next) {
      await closeModel(stage);
      return next.stop;
    }
    carries.set(stage, next.carry);
    guidance.set(stage, next.guidance);
  }
  return {
    result: "failed",
    message: `the flow did not settle in ${MAX_STEPS} steps; run copperhead status`,
  };
}

interface FailureFacts {
  declaration: StageDeclaration;
  result: AttemptResult;
  outcome: Outcome;
  row: StageRow;
  spent: RowCarry;
  retries: number;
  model: () => Promise<Provider>;
}

type NextStep =
  | { stop: Stop }
  | { carry: RowCarry; guidance: { afterAttempt: number; text: string } };

/**
 * After a failed attempt: a stage without a model, or out of retries, stops the run; otherwise
 * a tool-less diagnosis turn decides, its cost is added to the stage, and an abort stops the
 * run while a retry returns the guidance for the next attempt.
 */
async function afterFailure(d: Drive, facts: FailureFacts): Promise<NextStep> {
  const { declaration, result, outcome, row, spent, retries } = facts;
  const stage = declaration.name;
  const { repo, options } = d;
  const env = options.env ?? process.env;
  const failed = outcome.evidence.filter((e) => !e.ok);
  const what =
    failed.length > 0
      ? failed.map((e) => `${e.check}: ${e.detail}`).join("; ")
      : `the run ended ${result.work?.exit ?? "early"}`;
  if (declaration.run) {
    return {
      stop: {
        result: "failed",
        stage,
        message: `${stage} attempt ${result.attempt} failed (${what}); it runs no model, so a retry would fail the same way: fix the cause, then resume`,
      },
    };
  }
  if (row.attempts.length > retries) {
    return {
      stop: {
        result: "failed",
        stage,
        message: `${stage} is out of attempts (${row.attempts.length} failed in this run; the last: ${what})`,
      },
    };
  }
  const model = await facts.model();
  const tail = await transcriptTail(repo, stage, result.attempt);
  const diagnosis = await diagnoseAttempt(
    new CachingProvider(model, repo, createRedactor(env)),
    {
      stage: declaration,
      attempt: result.attempt,
      attemptsLeft: retries + 1 - row.attempts.length,
      outcome: outcome,
      summary: result.work?.summary ?? "",
      ...tail,
    },
    { ...(options.signal ? { signal: options.signal } : {}), now: d.now },
  );
  const diagnosed = carryDiagnosis(spent, diagnosis);
  d.rows.set(stage, { ...row, ...costOf(diagnosed), diagnoses: diagnosed.diagnoses });
  d.stale.add(stage);
  options.progress?.line(
    `  diagnosis of ${stage} attempt ${result.attempt}: ${diagnosis.verdict}: ${diagnosis.reason}`,
  );
  if (diagnosis.verdict === "abort") {
    return {
      stop: {
        result: "failed",
        stage,
        message: `${stage} attempt ${result.attempt} failed (${what}); its diagnosis says abort: ${diagnosis.reason}`,
      },
    };
  }
  return { carry: diagnosed, guidance: { afterAttempt: result.attempt, text: diagnosis.guidance } };
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
