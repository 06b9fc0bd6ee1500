import { realpath } from "node:fs/promises";
import { stageGraph } from "../../stages/registry.js";
import type { Observe } from "../agent/progress.js";
import type { Provider } from "../agent/providers/provider.js";
import { UsageError } from "../errors.js";
import type { FlowGraph } from "../flow/graph.js";
import type { Outcome } from "../flow/outcome.js";
import { readFlow } from "../flow/read-flow.js";
import type { StageState, StageStatus } from "../flow/state.js";
import { readConfig } from "../repo/config.js";
import type { AttemptResult } from "./attempt.js";
import type { KeptWork } from "./kept-work.js";
import type { FaceOptions } from "./policy.js";
import { type RecoveredRun, recoverKilledRuns } from "./recover.js";
import { recoveredLines } from "./report.js";
import { acquireRunLock, type HeldLock } from "./run-lock.js";
import type { RowCarry, StageRow } from "./stage-row.js";

export interface RunStageOptions extends FaceOptions {
  stage: string;
  /** Made only when the stage needs a model and is going to run (a skip needs no API key). */
  provider: () => Promise<Provider>;
  /** Run even when the stage is valid. */
  force?: boolean;
  /** Do not put kept work back into a tree that no longer holds it. */
  fresh?: boolean;
  /**
   * The caller holds the run lock and has already recovered killed runs (create, which runs
   * many stages under one lock); otherwise the stage takes the lock and recovers itself.
   */
  lock?: HeldLock;
  /** What the diagnosis of the last failed attempt says to do differently (create's retry). */
  guidance?: { afterAttempt: number; text: string };
  /**
   * Record the stage's files as they are as its result: no model, no prepare, the gate alone
   * (a person edited what the stage owns and nothing it reads changed).
   */
  adopt?: boolean;
  /** The command that resumes the flow from this stage (outcome.json's `resume`). */
  resume?: string;
  /** What the run already spent on this stage (create's earlier attempts and diagnoses). */
  carry?: RowCarry;
  /** The agent's progress as events (create's live status line). */
  observe?: Observe;
}

/** A stage this one waits on that is not valid. */
export interface Blocker {
  stage: string;
  state: StageState;
}

interface Common {
  stage: string;
  recovered: RecoveredRun[];
}

export type StageRunResult =
  | (Common & { action: "skipped"; attempt: number; reason: string })
  | (Common & {
      action: "refused";
      attempt: number;
      reason: string;
      blockers: Blocker[];
      /** The command that gets the first blocker going. */
      next: string;
    })
  | (Common & {
      action: "ran";
      result: AttemptResult;
      outcome: Outcome;
      kept: KeptWork;
      provider: string;
      /** The stage's report row as this attempt left it (committed with it). */
      row: StageRow;
    });

/** An unknown stage name: the CLI answers with the list. */
export class UnknownStageError extends UsageError {}

/** The stage's node in the graph, or an UnknownStageError listing the stage names. */
export function requireStage(graph: FlowGraph, name: string) {
  const node = graph.stages.get(name);
  if (!node) {
    throw new UnknownStageError(`unknown stage '${name}'`, `use one of: ${graph.order.join(", ")}`);
  }
  return node;
}

/**
 * `copperhead stage <name>`: recover any killed run, then skip a valid stage, refuse one whose
 * upstream is not valid (naming it and the command that makes it valid), or run one attempt of
 * it through the shared attempt path with the stage policy.
 */
export async function runStage(options: RunStageOptions): Promise<StageRunResult> {
  const repo = await realpath(options.repo);
  const graph = options.graph ?? stageGraph();
  requireStage(graph, options.stage);
  const lock = options.lock ?? (await acquireRunLock(repo, `copperhead stage ${options.stage}`));
  try {
    const now = options.now ?? Date.now;
    const config = await readConfig(repo);
    const recovered = options.lock
      ? []
      : await recoverKilledRuns({ repo, graph, config, lock, now });
    for (const line of recoveredLines(recovered)) options.write?.(line);
    return await attemptStage(repo, graph, lock, recovered, options);
  } finally {
    if (!options.lock) await lock.release();
  }
}

/** The blockers of a stage: the stages above it that are not valid, and the refusal to give. */
export function upstreamRefusal(
  graph: FlowGraph,
  statuses: ReadonlyMap<string, StageStatus>,
  stage: string,
): { blockers: Blocker[]; next: string; reason: string } | undefined {
  const node = requireStage(graph, stage);
  const blockers = [...graph.upstream(stage)]
    .map((name) => ({ stage: name, state: statuses.get(name)!.state }))
    .filter((b) => b.state !== "valid");
  const direct = blockers.filter((b) => node.providers.includes(b.stage));
  if (direct.length === 0) return undefined;
  const first = blockers[0]!.stage;
  const rest = blockers.slice(1).map((b) => b.stage);
  return {
    blockers,
    next: `copperhead stage ${first}`,
    reason:
      `${stage} needs ${direct.map((b) => `${b.stage} (${b.state})`).join(" and ")} to be valid first; ` +
      `run \`copperhead stage ${first}\`${rest.length > 0 ? `, then ${rest.join(", ")}` : ""}`,
  };
}

/** The skip, the refusal, or the attempt itself, under a held lock. */
async function attemptStage(
  repo: string,
  graph: FlowGraph,
  lock: HeldLock,
  recovered: RecoveredRun[],
  options: RunStageOptions,
): Promise<StageRunResult> {
  const stage = options.stage;
  const node = requireStage(graph, stage);
  const config = await readConfig(repo);
  const flow = await readFlow(repo, graph);
  const status = flow.statuses.get(stage)!;
  const common = { stage, recovered };
  if (status.state === "valid" && !options.force) {
    return {
      ...common,
      action: "skipped",
      attempt: status.attempt,
      reason: `${stage} is valid (attempt ${status.attempt} passed and nothing it reads or owns has changed): nothing to do`,
    };
  }
  const refusal = upstreamRefusal(graph, flow.statuses, stage);
  if (refusal) return { ...common, action: "refused", attempt: status.attempt, ...refusal };
  // Only a stage that runs needs the attempt machinery, the agent loop and its tools (~500
  // modules, most of a spawn's CPU); a skip or a refusal stays off them.
  const { runStageAttempt } = await import("./stage-attempt.js");
  return runStageAttempt({ repo, graph, lock, options, node, config, flow, status, common });
}
