import { createHash } from "node:crypto";
import type { Outcome } from "../../engine/flow/outcome.js";
import type { FakeRun } from "./fake-github/fake-github.js";
import { workflowJob, workflowRun } from "./fixtures/payloads.js";
import type { Harness } from "./harness.js";

/** What one stage job of the scripted run does: the files it commits and its outcome. */
export interface ScriptedStage {
  stage: string;
  outcome: Outcome;
  files?: Record<string, string>;
}

/**
 * A stand-in for the design workflow (issue 19) driven by hand-made outcomes: each stage job
 * commits its files and `.copperhead/runs/<stage>/<attempt>/outcome.json` to the branch with
 * the contract's trailers, and GitHub's workflow_job / workflow_run webhooks go to the App in
 * the order Actions sends them. The end-to-end test replaces this with the local runner.
 */
export async function runScripted(
  h: Harness,
  run: FakeRun,
  stages: ScriptedStage[],
  end: { conclusion?: "success" | "failure" | "cancelled" | "timed_out"; stopAfter?: number } = {},
): Promise<Map<string, string>> {
  const commits = new Map<string, string>();
  run.status = "in_progress";
  await h.send("workflow_run", workflowRun(h.target, run, "in_progress"));
  // The engine records the brief it read: the outcomes say the brief on the branch.
  const brief = await h.fake.git.blobAt(run.headBranch, "brief.md");
  let done = 0;
  for (const s of stages) {
    if (brief)
      s.outcome.brief.sha256 = createHash("sha256").update(brief.text, "utf8").digest("hex");
    if (end.stopAfter !== undefined && done >= end.stopAfter) break;
    const job = {
      id: h.fake.nextId(),
      name: `copperhead / ${s.stage}`,
      status: "in_progress",
      conclusion: null as string | null,
    };
    run.jobs.push(job);
    await h.send("workflow_job", workflowJob(h.target, run, job, "in_progress"));
    const path = `.copperhead/runs/${s.stage}/${s.outcome.attempt}/outcome.json`;
    const verdict = s.outcome.verdict === "pass" ? "pass" : "fail";
    const commit = await h.fake.git.commitFiles(
      run.headBranch,
      { ...(s.files ?? {}), [path]: `${JSON.stringify(s.outcome, null, 2)}\n` },
      `copperhead(${s.stage}): attempt ${s.outcome.attempt} ${verdict}\n\nCopperhead-Stage: ${s.stage}\nCopperhead-Attempt: ${s.outcome.attempt}\nCopperhead-Brief-SHA256: ${s.outcome.brief.sha256}\n`,
    );
    commits.set(s.stage, commit);
    Object.assign(job, {
      status: "completed",
      conclusion: verdict === "pass" ? "success" : "failure",
    });
    await h.send("workflow_job", workflowJob(h.target, run, job, "completed"));
    done++;
  }
  run.status = "completed";
  run.conclusion =
    end.conclusion ?? (run.jobs.every((j) => j.conclusion === "success") ? "success" : "failure");
  for (const j of run.jobs)
    if (j.status !== "completed")
      Object.assign(j, { status: "completed", conclusion: run.conclusion });
  await h.send("workflow_run", workflowRun(h.target, run, "completed"));
  return commits;
}
