import type { FlowEvent, ReworkItem } from "./events.js";
import type { FlowGraph } from "./graph.js";
import type { StageStatus } from "./state.js";

/** What the current failures mean for scheduling. */
export interface FailureRouting {
  /** Owner stage → the failures it should fix in one (merged) rework run. */
  routes: Map<string, ReworkItem[]>;
  /** Failures naming a fix_owner outside the failing stage's upstream: a person must decide. */
  misrouted: Array<{ stage: string; attempt: number; owner: string }>;
  /** Stages out of attempts with nothing changed since their last failure. */
  exhausted: Array<{ stage: string; attempt: number; streak: number }>;
}

/**
 * Routes every current failure to the stage that should fix it. A failure goes to its upstream
 * fix_owner until that owner is dispatched after it, then back to the failing stage itself;
 * several failures with one owner merge into one rework run.
 * A person's edit to the failing stage's files (changedSinceLatest) lifts both escalations:
 * the stage then simply retries itself.
 */
export function routeFailures(
  graph: FlowGraph,
  statuses: ReadonlyMap<string, StageStatus>,
  events: readonly FlowEvent[],
  maxAttempts: number,
): FailureRouting {
  const routing: FailureRouting = { routes: new Map(), misrouted: [], exhausted: [] };
  const position = new Map(events.map((e, i) => [e.id, i]));
  for (const name of graph.order) {
    const status = statuses.get(name)!;
    const latest = status.latest;
    if ((status.state !== "failed" && status.state !== "blocked") || !latest) continue;
    const untouched = !status.changedSinceLatest;
    if (untouched && status.failStreak >= maxAttempts) {
      routing.exhausted.push({ stage: name, attempt: latest.attempt, streak: status.failStreak });
      continue;
    }
    let owner = (latest.type === "outcome" && latest.fixOwner) || name;
    if (owner !== name && !(graph.stages.has(owner) && graph.upstream(name).has(owner))) {
      if (untouched) {
        routing.misrouted.push({ stage: name, attempt: latest.attempt, owner });
        continue;
      }
      owner = name;
    }
    const after = position.get(latest.id)!;
    const handled = events.some((e, i) => i > after && e.type === "dispatch" && e.stage === owner);
    // Once the upstream owner has rerun, the failing stage retries on the fixed inputs.
    if (handled) owner = name;
    const failedChecks =
      latest.type === "outcome" ? latest.evidence.filter((e) => !e.ok).map((e) => e.check) : [];
    const item: ReworkItem = {
      stage: name,
      attempt: latest.attempt,
      event: latest.id,
      failedChecks,
    };
    routing.routes.set(owner, [...(routing.routes.get(owner) ?? []), item]);
  }
  return routing;
}
