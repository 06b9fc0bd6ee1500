import { currentFingerprints } from "./current-fingerprints.js";
import { appendEvent, type EventStamp } from "./event-log.js";
import type { Evidence } from "./evidence.js";
import { runGate } from "./gates/run-gate.js";
import type { FlowGraph } from "./graph.js";
import { readFlow } from "./read-flow.js";
import { gatePasses } from "./stage.js";

export interface AdoptionResult {
  stage: string;
  adopted: boolean;
  evidence: Evidence[];
}

/**
 * Adoption for repos a person already started (`init`): every stage with no recorded attempt,
 * whose providers are valid and whose gate passes on the files as they are, is recorded as an
 * adopted pass without running an agent. Goes in flow order, so adopting the spec can make the
 * architecture adoptable. Returns each gate that was evaluated.
 */
export async function adoptPassingStages(
  repo: string,
  graph: FlowGraph,
  stamp: EventStamp = {},
): Promise<AdoptionResult[]> {
  const results: AdoptionResult[] = [];
  const tried = new Set<string>();
  for (;;) {
    const flow = await readFlow(repo, graph);
    const candidate = graph.order.find((name) => {
      const s = flow.statuses.get(name)!;
      const providers = graph.stages.get(name)!.providers;
      return (
        !tried.has(name) &&
        s.state === "missing" &&
        s.attempt === 0 &&
        providers.every((p) => flow.statuses.get(p)!.state === "valid")
      );
    });
    if (!candidate) return results;
    tried.add(candidate);
    const node = graph.stages.get(candidate)!;
    const evidence = await runGate(node.declaration, { repo, config: flow.config });
    const adopted = gatePasses(evidence);
    results.push({ stage: candidate, adopted, evidence });
    if (!adopted) continue;
    const [inputs, outputs] = await Promise.all([
      currentFingerprints(repo, node.inputs),
      currentFingerprints(repo, node.outputs),
    ]);
    await appendEvent(
      repo,
      {
        type: "outcome",
        stage: candidate,
        attempt: 1,
        verdict: "pass",
        inputs,
        outputs,
        evidence,
        adopted: true,
      },
      stamp,
    );
  }
}
