import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentFingerprints } from "../../../engine/flow/current-fingerprints.js";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import { readEventLog } from "../../../engine/flow/event-log.js";
import { FlowError } from "../../../engine/flow/flow-error.js";
import { reapRun } from "../../../engine/flow/reap.js";
import { dispatchPath, outcomePath } from "../../../engine/flow/run-paths.js";
import { stageGraph } from "../../../stages/registry.js";
import { designWith, outcomeFor, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const graph = stageGraph();

async function dispatched() {
  const repo = await designWith(graph, []);
  const event = await recordDispatch(repo.dir, graph, { stage: "spec" });
  return { repo, event };
}

describe("dispatch and reap", () => {
  it("records the inputs at dispatch and the outputs at reap", async () => {
    const { repo, event } = await dispatched();
    const spec = graph.stages.get("spec")!;
    expect(event.inputs).toEqual(await currentFingerprints(repo.dir, spec.inputs));
    const onDisk = JSON.parse(await readFile(join(repo.dir, dispatchPath("spec", 1)), "utf8"));
    expect(onDisk).toMatchObject({ stage: "spec", attempt: 1, event: event.id });

    await repo.write("docs/SPEC.md", "# Spec\n\n## Budgets\n\n- 1 W\n");
    await repo.write(outcomePath("spec", 1), JSON.stringify(outcomeFor("spec", 1, "pass")));
    const reaped = await reapRun(repo.dir, graph, { stage: "spec", attempt: 1 });
    expect(reaped).toMatchObject({ type: "outcome", verdict: "pass", inputs: event.inputs });
    expect(reaped.outputs).toEqual(await currentFingerprints(repo.dir, spec.outputs));
    expect(reaped.type === "outcome" && reaped.cost?.turns).toBe(3);
  });

  it("records a missing outcome.json as blocked", async () => {
    const { repo } = await dispatched();
    const reaped = await reapRun(repo.dir, graph, { stage: "spec", attempt: 1 });
    expect(reaped).toMatchObject({ type: "blocked" });
    expect(reaped.type === "blocked" && reaped.reason).toBe(
      ".copperhead/runs/spec/1/outcome.json: no outcome.json was written — the run ended without leaving its outcome; rerun the stage",
    );
  });

  it("records an invalid or foreign outcome.json as blocked", async () => {
    const { repo } = await dispatched();
    await repo.write(outcomePath("spec", 1), JSON.stringify(outcomeFor("architecture", 1, "pass")));
    const reaped = await reapRun(repo.dir, graph, { stage: "spec", attempt: 1 });
    expect(reaped.type === "blocked" && reaped.reason).toMatch(/belongs to architecture attempt 1/);

    const again = await recordDispatch(repo.dir, graph, { stage: "spec" });
    await repo.write(outcomePath("spec", again.attempt), '{"schema":1}');
    const second = await reapRun(repo.dir, graph, { stage: "spec", attempt: again.attempt });
    expect(second.type === "blocked" && second.reason).toMatch(
      /does not match the outcome contract/,
    );
  });

  it("refuses to reap a run that is not in flight, or to dispatch over one", async () => {
    const { repo } = await dispatched();
    await expect(recordDispatch(repo.dir, graph, { stage: "spec" })).rejects.toThrow(
      /still in flight/,
    );
    await expect(reapRun(repo.dir, graph, { stage: "spec", attempt: 7 })).rejects.toBeInstanceOf(
      FlowError,
    );
    await reapRun(repo.dir, graph, { stage: "spec", attempt: 1 });
    await expect(reapRun(repo.dir, graph, { stage: "spec", attempt: 1 })).rejects.toThrow(
      /not in flight/,
    );
    expect((await readEventLog(repo.dir)).events).toHaveLength(2);
  });
});
