import type { AgentBudget } from "../agent/loop/run-agent.js";
import type { Write } from "../agent/progress.js";
import type { FlowGraph } from "../flow/graph.js";
import { attemptStashName, utcStamp } from "../repo/snapshot.js";

/**
 * What an attempt does with work that did not pass: the one difference between a stage
 * attempt and `copperhead do`, so both run the same attempt path.
 */
export interface FailurePolicy {
  /**
   * A finished run whose gate failed keeps its work in the tree (and on its WIP ref), so the
   * next attempt builds on it; otherwise it is stashed like any failed run.
   */
  keepGateFailure: boolean;
  /** A usage-limit pause keeps the work in the tree for the next run to resume; else stashed. */
  keepPaused: boolean;
  /**
   * The attempt's audit trail (its run folder, the event log) is committed: with the work on a
   * pass, alone on a fail. Without it a pass that touched nothing makes no commit at all.
   */
  commitTrail: boolean;
  /** The name of the stash entry a failed attempt's work goes to. */
  stashName(attempt: number, at: number): string;
}

/** A design stage: a gate failure is kept for the next attempt; the trail is committed. */
export function stagePolicy(stage: string): FailurePolicy {
  return {
    keepGateFailure: true,
    keepPaused: false,
    commitTrail: true,
    stashName: (attempt, at) => attemptStashName(stage, attempt, at),
  };
}

/**
 * `copperhead do`: anything short of verified is stashed, a pause keeps the work for the
 * resume, nothing of copperhead's trail is committed. Its stash keeps the name scripts already
 * parse (`copperhead/do/<time>`).
 */
export const DO_POLICY: FailurePolicy = {
  keepGateFailure: false,
  keepPaused: true,
  commitTrail: false,
  stashName: (_attempt, at) => `copperhead/do/${utcStamp(at)}`,
};

/** What both faces of the attempt (`stage`, `do`) take besides their own options. */
export interface FaceOptions {
  repo: string;
  budget?: Partial<AgentBudget>;
  env?: NodeJS.ProcessEnv;
  /** Progress line sink (stderr in the CLI). */
  write?: Write;
  now?: () => number;
  /** Aborted on SIGINT/SIGTERM: the attempt stops at a safe point and sets its work aside. */
  signal?: AbortSignal;
  /** The stage graph (the registered stages); a killed run of any of them is recovered first. */
  graph?: FlowGraph;
}
