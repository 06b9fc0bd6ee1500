import { join } from "node:path";
import { describeError } from "../errors.js";
import { currentFingerprints } from "./current-fingerprints.js";
import { appendEvent, type EventStamp, readEventLog } from "./event-log.js";
import type { BlockedEvent, DispatchEvent, OutcomeEvent } from "./events.js";
import { FlowError } from "./flow-error.js";
import type { FlowGraph } from "./graph.js";
import { OutcomeError, readOutcome } from "./read-outcome.js";
import { outcomePath } from "./run-paths.js";

/**
 * Collects an in-flight run's result: a valid pass/fail outcome.json becomes an outcome event
 * (with the output fingerprints as they are now); a missing, invalid or "blocked" outcome
 * becomes a blocked event, so the stage's earlier result is never silently kept. `adopted`
 * marks a pass whose files no agent wrote in this run (their gate passed as they were).
 */
export async function reapRun(
  repo: string,
  graph: FlowGraph,
  run: { stage: string; attempt: number; adopted?: boolean },
  stamp: EventStamp = {},
): Promise<OutcomeEvent | BlockedEvent> {
  const node = graph.stages.get(run.stage);
  if (!node) {
    throw new FlowError(`unknown stage '${run.stage}'`, `use one of: ${graph.order.join(", ")}`);
  }
  const { events } = await readEventLog(repo);
  const mine = events.filter(
    (e) => e.stage === run.stage && "attempt" in e && e.attempt === run.attempt,
  );
  const dispatch = mine.find((e): e is DispatchEvent => e.type === "dispatch");
  if (!dispatch || mine.some((e) => e.type === "outcome" || e.type === "blocked")) {
    throw new FlowError(
      `${run.stage} attempt ${run.attempt} is not in flight`,
      "run `copperhead status` to see which runs are in flight",
    );
  }
  const outputs = await currentFingerprints(repo, node.outputs);
  const where = outcomePath(run.stage, run.attempt);
  const blocked = (reason: string) =>
    appendEvent(
      repo,
      {
        type: "blocked",
        stage: run.stage,
        attempt: run.attempt,
        reason,
        inputs: dispatch.inputs,
        outputs,
      },
      stamp,
    ) as Promise<BlockedEvent>;

  let outcome: Awaited<ReturnType<typeof readOutcome>>;
  try {
    outcome = await readOutcome(join(repo, where));
  } catch (error) {
    if (error instanceof OutcomeError)
      return blocked(describeError(error).replace(join(repo, where), where));
    throw error;
  }
  if (outcome.stage !== run.stage || outcome.attempt !== run.attempt) {
    return blocked(`${where} belongs to ${outcome.stage} attempt ${outcome.attempt}, not this run`);
  }
  if (outcome.verdict === "blocked") {
    const why = outcome.evidence.filter((e) => !e.ok).map((e) => `${e.check}: ${e.detail}`);
    return blocked(
      `the run reported itself blocked${why.length > 0 ? ` (${why.join("; ")})` : ""}`,
    );
  }
  return (await appendEvent(
    repo,
    {
      type: "outcome",
      stage: run.stage,
      attempt: run.attempt,
      verdict: outcome.verdict,
      inputs: dispatch.inputs,
      outputs,
      evidence: outcome.evidence,
      obligations: outcome.obligations,
      findings: {
        erc: outcome.findings.erc.length,
        drc: outcome.findings.drc.length,
        legibility: outcome.findings.legibility.length,
      },
      cost: outcome.cost,
      ...(outcome.fixOwner ? { fixOwner: outcome.fixOwner } : {}),
      ...(run.adopted && outcome.verdict === "pass" ? { adopted: true } : {}),
      commit: outcome.commit,
    },
    stamp,
  )) as OutcomeEvent;
}
