import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { runScripted, type ScriptedStage } from "../fake-workflow.js";
import { makeOutcome } from "../fixtures/outcomes.js";
import { workflowRun } from "../fixtures/payloads.js";
import { type Harness, startHarness, startLedDesign } from "../harness.js";

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ roles: { mona: "triage" } });
  await startLedDesign(h);
  expect(h.fake.runs).toHaveLength(1);
});

afterEach(async () => {
  await h.stop();
});

/** spec passed, then architecture's attempt `n` ran out of turns (its dependants never ran). */
const stoppedAt = (n: number): ScriptedStage[] => [
  ...(n === 1 ? [{ stage: "spec", outcome: makeOutcome("spec", 1) }] : []),
  {
    stage: "architecture",
    outcome: makeOutcome("architecture", n, {
      verdict: "fail",
      stoppedBy: "budget",
      evidence: [
        { check: "run", ok: false, detail: "the run ended budget: 40 turns used, no finish" },
      ],
    }),
  },
];
const tracker = () =>
  h.fake.comments.find(
    (c) => c.login === h.fake.botLogin && c.body.startsWith("<!-- copperhead:tracker"),
  )!;
const ids = () => h.fake.runs.map((r) => r.inputs.request_id);

describe("automatic continuations, against the GitHub stand-in", () => {
  test("a run that stopped at a turn budget is dispatched again on the tip; a redelivery adds nothing; a run that finishes the design ends the chain", async () => {
    const first = h.fake.runs[0]!;
    await runScripted(h, first, stoppedAt(1), { conclusion: "failure" });
    expect(h.errors).toEqual([]);
    expect(ids()).toEqual(["d-c1-req2", "d-req1"]);
    const again = h.fake.runs[0]!;
    expect(again).toMatchObject({ headBranch: "copperhead/issue-7", status: "queued" });
    expect(again.headSha).toBe(await h.fake.git.branchSha("copperhead/issue-7"));
    expect(tracker().body).toContain(
      `<!-- copperhead:ledger {"continuedAfter":[${first.id}],"stopped":[]} -->`,
    );
    expect(tracker().body).toContain("automatic continuation 1 of 3");

    // GitHub redelivers the first run's completed event: it is in the ledger, and no longer the
    // newest run (the nock tests in triggers/ take each guard on its own).
    await h.send("workflow_run", workflowRun(h.target, first, "completed"));
    expect(ids()).toHaveLength(2);

    await runScripted(h, again, [
      { stage: "architecture", outcome: makeOutcome("architecture", 2) },
      ...stageNames.slice(2).map((stage) => ({ stage, outcome: makeOutcome(stage, 1) })),
    ]);
    expect(h.errors).toEqual([]);
    expect(ids()).toHaveLength(2);
    expect(tracker().body).toContain("**Done**: every stage passed.");
  });

  test("a stage that keeps running out of turns is continued three times, then left to a person", async () => {
    for (let n = 1; n <= 4; n++) {
      await runScripted(h, h.fake.runs[0]!, stoppedAt(n), { conclusion: "failure" });
      expect(h.errors).toEqual([]);
    }
    expect(ids()).toEqual(["d-c3-req4", "d-c2-req3", "d-c1-req2", "d-req1"]);
    const body = tracker().body;
    expect(body).toContain("**Needs attention**");
    expect(body).toContain("`/copperhead retry architecture`");
    expect(body).not.toContain("dispatched the design again");
  });
});
