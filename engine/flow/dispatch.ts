import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { currentFingerprints } from "./current-fingerprints.js";
import { appendEvent, type EventStamp, readEventLog } from "./event-log.js";
import type { DispatchEvent, ReworkItem } from "./events.js";
import { FlowError } from "./flow-error.js";
import type { FlowGraph } from "./graph.js";
import { dispatchPath, runDir } from "./run-paths.js";
import { deriveStates } from "./state.js";

/**
 * Starts a run: records the input fingerprints the run's proof will rest on, writes
 * `.copperhead/runs/<stage>/<attempt>/dispatch.json` and appends the dispatch event.
 */
export async function recordDispatch(
  repo: string,
  graph: FlowGraph,
  request: { stage: string; rework?: ReworkItem[] },
  stamp: EventStamp = {},
): Promise<DispatchEvent> {
  const node = graph.stages.get(request.stage);
  if (!node) {
    throw new FlowError(
      `unknown stage '${request.stage}'`,
      `use one of: ${graph.order.join(", ")}`,
    );
  }
  const log = await readEventLog(repo);
  const inputs = await currentFingerprints(repo, node.inputs);
  const status = deriveStates(graph, log.events, {}).get(request.stage)!;
  if (status.inFlight) {
    throw new FlowError(
      `${request.stage} attempt ${status.inFlight.attempt} is still in flight`,
      "reap it first (its outcome is read, or recorded as blocked) before dispatching again",
    );
  }
  const attempt = status.attempt + 1;
  const rework = request.rework ?? [];
  await mkdir(join(repo, runDir(request.stage, attempt)), { recursive: true });
  const event = await appendEvent(
    repo,
    { type: "dispatch", stage: request.stage, attempt, inputs, rework },
    stamp,
  );
  const record = { stage: request.stage, attempt, event: event.id, at: event.at, inputs, rework };
  await writeFile(
    join(repo, dispatchPath(request.stage, attempt)),
    `${JSON.stringify(record, null, 2)}\n`,
  );
  return event as DispatchEvent;
}
