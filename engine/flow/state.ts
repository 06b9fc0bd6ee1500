import { maxOf } from "../array-ops.js";
import type {
  BlockedEvent,
  DispatchEvent,
  Fingerprints,
  FlowEvent,
  OutcomeEvent,
  SignoffEvent,
} from "./events.js";
import type { FlowGraph } from "./graph.js";
import type { PathPattern } from "./path-pattern.js";

export const stageStates = ["missing", "in-flight", "blocked", "failed", "valid", "stale"] as const;
export type StageState = (typeof stageStates)[number];

/** Why a pass no longer holds: one of its recorded files changed, or a provider is not valid. */
export type StaleReason =
  | {
      kind: "input" | "output";
      pattern: string;
      change: "changed" | "appeared" | "disappeared" | "not recorded";
    }
  | { kind: "upstream"; stage: string; state: StageState };

export type ResultEvent = OutcomeEvent | BlockedEvent;

export interface StageStatus {
  stage: string;
  state: StageState;
  /** The highest attempt number seen for the stage (0: never dispatched or adopted). */
  attempt: number;
  /** The latest reaped result (pass, fail or blocked), if any. */
  latest?: ResultEvent;
  /** The unreaped dispatch, when in flight. */
  inFlight?: DispatchEvent;
  /** Filled when state is stale. */
  stale: StaleReason[];
  /** Fails/blocks in a row since the last pass. */
  failStreak: number;
  /** Whether the files differ from what the latest result recorded. */
  changedSinceLatest: boolean;
  /** A signoff of the latest outcome; `current` only while that pass is valid. */
  signoff?: { event: SignoffEvent; current: boolean };
}

function compare(
  kind: "input" | "output",
  patterns: readonly PathPattern[],
  recorded: Fingerprints,
  current: Fingerprints,
): StaleReason[] {
  const reasons: StaleReason[] = [];
  for (const { source } of patterns) {
    const now = current[source] ?? null;
    if (!(source in recorded)) {
      reasons.push({ kind, pattern: source, change: "not recorded" });
      continue;
    }
    const then = recorded[source] ?? null;
    if (then === now) continue;
    const change = then === null ? "appeared" : now === null ? "disappeared" : "changed";
    reasons.push({ kind, pattern: source, change });
  }
  return reasons;
}

function isResult(e: FlowEvent): e is ResultEvent {
  return e.type === "outcome" || e.type === "blocked";
}

/**
 * Every stage's state, derived from the ordered events and the current fingerprints; nothing
 * here is stored. A pass is valid while every input and output it recorded still matches and
 * every provider is itself valid, so restoring files revives it without a rerun.
 */
export function deriveStates(
  graph: FlowGraph,
  events: readonly FlowEvent[],
  current: Fingerprints,
): Map<string, StageStatus> {
  const statuses = new Map<string, StageStatus>();
  for (const name of graph.order) {
    const node = graph.stages.get(name)!;
    const own = events.filter((e) => e.stage === name);
    const results = own.filter(isResult);
    const dispatches = own.filter((e): e is DispatchEvent => e.type === "dispatch");
    const reaped = new Set(results.map((r) => r.attempt));
    const inFlight = dispatches.filter((d) => !reaped.has(d.attempt)).at(-1);
    const latest = results.at(-1);
    const attempt = maxOf(
      own.filter((e) => "attempt" in e).map((e) => e.attempt),
      0,
    );

    let failStreak = 0;
    for (let i = results.length - 1; i >= 0; i--) {
      const r = results[i]!;
      if (r.type === "outcome" && r.verdict === "pass") break;
      failStreak++;
    }
    const drift = latest
      ? [
          ...compare("input", node.inputs, latest.inputs, current),
          ...compare("output", node.outputs, latest.outputs, current),
        ]
      : [];

    let state: StageState;
    if (inFlight) state = "in-flight";
    else if (!latest) state = "missing";
    else if (latest.type === "blocked") state = "blocked";
    else if (latest.verdict === "fail") state = "failed";
    else state = drift.length > 0 ? "stale" : "valid";

    const stale: StaleReason[] = state === "stale" ? drift : [];
    if (state === "valid" || state === "stale") {
      for (const provider of node.providers) {
        const upstream = statuses.get(provider)!.state;
        if (upstream !== "valid")
          stale.push({ kind: "upstream", stage: provider, state: upstream });
      }
      if (stale.length > 0) state = "stale";
    }

    const status: StageStatus = {
      stage: name,
      state,
      attempt,
      stale,
      failStreak,
      changedSinceLatest: drift.length > 0,
    };
    if (latest) status.latest = latest;
    if (inFlight) status.inFlight = inFlight;
    const signoff = own
      .filter((e): e is SignoffEvent => e.type === "signoff" && e.outcome === latest?.id)
      .at(-1);
    if (signoff) status.signoff = { event: signoff, current: state === "valid" };
    statuses.set(name, status);
  }
  return statuses;
}
