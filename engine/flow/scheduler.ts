import type { FlowEvent, ReworkItem } from "./events.js";
import type { FlowGraph } from "./graph.js";
import { routeFailures } from "./rework.js";
import type { StageStatus } from "./state.js";

/** The one thing the orchestrator should do next. */
export type FlowAction =
  | {
      action: "DISPATCH";
      stage: string;
      attempt: number;
      /** Failures this run should fix (empty: a first run or a rerun of stale work). */
      rework: ReworkItem[];
      /** No attempt was ever recorded: a person-written stage may be adopted instead. */
      fresh: boolean;
    }
  | { action: "REAP"; stage: string; attempt: number }
  | { action: "YIELD"; waitingFor: Array<{ stage: string; attempt: number }> }
  | { action: "ESCALATE"; stage?: string; reason: string }
  | { action: "DONE" };

export interface SchedulerInput {
  graph: FlowGraph;
  statuses: ReadonlyMap<string, StageStatus>;
  events: readonly FlowEvent[];
  /** In-flight runs (`stage/attempt`) whose outcome is on disk. */
  finished: ReadonlySet<string>;
  maxAttempts: number;
}

function list(names: Iterable<string>): string {
  const all = [...names];
  return all.length > 0 ? all.join(", ") : "none";
}

/**
 * Picks the next action: reap finished runs first, then escalate a failure routed outside its
 * stage's upstream, then dispatch (rework owners before the stages waiting on them; stages
 * independent of everything in flight may start alongside it), else wait, finish or escalate.
 */
export function nextAction(input: SchedulerInput): FlowAction {
  const { graph, statuses, events, finished, maxAttempts } = input;
  const status = (name: string) => statuses.get(name)!;
  const inFlight = graph.order.filter((n) => status(n).inFlight);

  for (const name of inFlight) {
    const run = status(name).inFlight!;
    if (finished.has(`${name}/${run.attempt}`)) {
      return { action: "REAP", stage: name, attempt: run.attempt };
    }
  }

  const { routes, misrouted, exhausted } = routeFailures(graph, statuses, events, maxAttempts);
  const bad = misrouted[0];
  if (bad) {
    const upstream = graph.stages.has(bad.stage) ? list(graph.upstream(bad.stage)) : "none";
    return {
      action: "ESCALATE",
      stage: bad.stage,
      reason:
        `${bad.stage} attempt ${bad.attempt} failed naming fix_owner '${bad.owner}', which is ` +
        `neither ${bad.stage} nor one of its upstream providers (${upstream}); decide who fixes ` +
        `it and edit the files by hand — any change to ${bad.stage}'s inputs or outputs lets it retry`,
    };
  }

  const busy = new Set(inFlight);
  for (const name of graph.order) {
    const s = status(name);
    if (s.state === "in-flight") continue;
    const up = graph.upstream(name);
    const related = [...up, ...graph.downstream(name)];
    if (related.some((r) => busy.has(r))) continue;
    if (graph.stages.get(name)!.providers.some((p) => status(p).state !== "valid")) continue;
    if ([...up].some((u) => routes.has(u))) continue;
    const rework = routes.get(name);
    if (rework || s.state === "missing" || s.state === "stale") {
      return {
        action: "DISPATCH",
        stage: name,
        attempt: s.attempt + 1,
        rework: rework ?? [],
        fresh: s.attempt === 0,
      };
    }
  }

  if (inFlight.length > 0) {
    return {
      action: "YIELD",
      waitingFor: inFlight.map((n) => ({ stage: n, attempt: status(n).inFlight!.attempt })),
    };
  }
  if (graph.order.every((n) => status(n).state === "valid")) return { action: "DONE" };

  const stuck = exhausted[0];
  if (stuck) {
    return {
      action: "ESCALATE",
      stage: stuck.stage,
      reason:
        `${stuck.stage} failed ${stuck.streak} attempts in a row (max ${maxAttempts}) and nothing ` +
        `it reads or owns changed since attempt ${stuck.attempt}; read ` +
        `.copperhead/runs/${stuck.stage}/${stuck.attempt}/outcome.json, fix the cause by hand ` +
        `(any edit to its inputs or outputs allows another attempt) or raise maxAttempts in ` +
        `.copperhead/config.json`,
    };
  }
  const waiting = graph.order.filter((n) => status(n).state !== "valid");
  return {
    action: "ESCALATE",
    reason: `no stage can run: ${waiting.map((n) => `${n} is ${status(n).state}`).join(", ")}; run \`copperhead status\` to see why`,
  };
}
