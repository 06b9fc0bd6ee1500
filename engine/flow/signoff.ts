import { appendEvent, type EventStamp } from "./event-log.js";
import type { SignoffEvent } from "./events.js";
import { FlowError } from "./flow-error.js";
import type { FlowGraph } from "./graph.js";
import { readFlow } from "./read-flow.js";

/** A person's acceptance could not be recorded because there is no valid pass to accept. */
export class SignoffRefused extends FlowError {}

/**
 * Records a person's acceptance of a stage's current pass. The signoff names that outcome, so
 * it lapses when the proof goes stale, returns when the files are restored, and does not carry
 * over to a new run.
 */
export async function recordSignoff(
  repo: string,
  graph: FlowGraph,
  request: { stage: string; reason: string; by: string; via: string },
  stamp: EventStamp = {},
): Promise<SignoffEvent> {
  const flow = await readFlow(repo, graph);
  const status = flow.statuses.get(request.stage);
  if (!status) {
    throw new FlowError(
      `unknown stage '${request.stage}'`,
      `use one of: ${graph.order.join(", ")}`,
    );
  }
  const latest = status.latest;
  if (status.state !== "valid" || latest?.type !== "outcome") {
    const why =
      status.state === "stale"
        ? "its pass is stale (run `copperhead status` to see what changed)"
        : `it is ${status.state}`;
    throw new SignoffRefused(
      `cannot sign off ${request.stage}: ${why}`,
      "a signoff accepts a valid pass; rerun the stage (or restore its files) first",
    );
  }
  return (await appendEvent(
    repo,
    {
      type: "signoff",
      stage: request.stage,
      outcome: latest.id,
      reason: request.reason,
      provenance: { by: request.by, via: request.via },
    },
    stamp,
  )) as SignoffEvent;
}
