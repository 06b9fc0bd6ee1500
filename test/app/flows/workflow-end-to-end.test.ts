import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { defaultAction } from "../../../engine/workflow/release.js";
import { workflowFiles } from "../../../engine/workflow/workflow-files.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import {
  type GitHubAppMock,
  mockGitHubApp,
  testApp,
} from "../../helpers/workflow-runner/github-app-mock.js";
import { runWorkflow } from "../../helpers/workflow-runner/run-workflow.js";
import type { FakeRun } from "../fake-github/fake-github.js";
import { issueLabeled, workflowJob, workflowRun } from "../fixtures/payloads.js";
import { type Harness, startHarness } from "../harness.js";

const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");

let bin: string;
let brief: string;
let h: Harness;
let api: GitHubAppMock;
beforeAll(async () => {
  bin = (await builtCli()).bin;
  brief = await readFile(join(EXAMPLE, "brief.md"), "utf8");
}, 300_000);
beforeEach(async () => {
  h = await startHarness({
    roles: { mona: "triage" },
    // What `copperhead install-workflow` commits, with only the spec stage enabled.
    files: {
      ...Object.fromEntries(workflowFiles()),
      ".github/copperhead.yml": "stages: [spec]\n",
    },
  });
  api = mockGitHubApp(h.fake.fullName, testApp(), { allowLocal: true });
});
afterEach(async () => {
  api.done();
  await h.stop();
});

/**
 * The run the App dispatched, executed by the local runner on the stand-in's own bare
 * repository, with GitHub's workflow_job and workflow_run webhooks sent to the App as Actions
 * sends them (this replaces fake-workflow.ts's hand-made outcomes with the real jobs).
 */
async function execute(run: FakeRun) {
  const workflow = (await h.fake.git.blobAt(h.fake.defaultBranch, run.path))!.text;
  const jobs = new Map<string, FakeRun["jobs"][number]>();
  run.status = "in_progress";
  await h.send("workflow_run", workflowRun(h.target, run, "in_progress"));
  const result = await runWorkflow({
    workflow,
    inputs: run.inputs as Record<string, string>,
    origin: h.fake.git.dir,
    repository: h.fake.fullName,
    ref: run.headBranch,
    sha: run.headSha,
    bin,
    action: { ref: defaultAction(), dir: REPO_ROOT },
    secrets: {
      ANTHROPIC_API_KEY: "sk-ant-test-e2e-neverprinted",
      COPPERHEAD_APP_ID: testApp().id,
      COPPERHEAD_APP_PRIVATE_KEY: testApp().privateKey,
    },
    env: { COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: join(EXAMPLE, "sessions") },
    workDir: h.tmp.path("runner"),
    runId: run.id,
    hooks: {
      jobStarted: async (id, name) => {
        const job = { id: h.fake.nextId(), name, status: "in_progress", conclusion: null };
        run.jobs.push(job);
        jobs.set(id, job);
        await h.send("workflow_job", workflowJob(h.target, run, job, "in_progress"));
      },
      jobFinished: async (r) => {
        let job = jobs.get(r.id);
        if (!job) {
          job = { id: h.fake.nextId(), name: r.name, status: "completed", conclusion: null };
          run.jobs.push(job);
        }
        Object.assign(job, { status: "completed", conclusion: r.conclusion });
        await h.send("workflow_job", workflowJob(h.target, run, job, "completed"));
      },
    },
  });
  run.status = "completed";
  run.conclusion = result.conclusion;
  await h.send("workflow_run", workflowRun(h.target, run, "completed"));
  return result;
}

describe("the App and the design workflow together", () => {
  test("a labelled issue: the App's dispatch runs the generated workflow, the spec job pushes its stage commit, and the App reports it from the branch tip", async () => {
    await h.send(
      "issues",
      issueLabeled(h.target, {
        number: 9,
        title: "USB-C breakout",
        body: brief,
        label: "hardware-brief",
        sender: "mona",
      }),
    );
    expect(h.errors).toEqual([]);
    const branch = "copperhead/issue-9";
    expect(h.fake.runs).toHaveLength(1);
    const run = h.fake.runs[0]!;
    expect(run.inputs).toMatchObject({ branch, stage: "" });

    const result = await execute(run);
    expect(h.errors).toEqual([]);
    const spec = result.jobs.get("spec")!;
    expect(spec.conclusion, spec.log).toBe("success");
    // The run is the one the App looks for: its request id in the run name.
    expect(result.displayTitle).toBe(`copperhead ${branch} [${run.inputs.request_id}]`);
    expect(run.displayTitle).toBe(result.displayTitle);

    const tip = (await h.fake.git.branchSha(branch))!;
    expect(tip).not.toBe(run.headSha);
    const outcome = parseOutcome(
      (await h.fake.git.blobAt(tip, ".copperhead/runs/spec/1/outcome.json"))!.text,
      "outcome.json",
    );
    expect(outcome).toMatchObject({ stage: "spec", verdict: "pass", commit: run.headSha });
    // The App read that outcome from the tip: the spec check passed there, and the tracker says so.
    const specCheck = h.fake.checkRuns.find(
      (c) => c.head_sha === tip && c.name === "copperhead / spec",
    );
    expect(specCheck).toMatchObject({ status: "completed", conclusion: "success" });
    const tracker = h.fake.comments.filter((c) => c.issue === 9 && c.login === h.fake.botLogin);
    expect(tracker).toHaveLength(1);
    expect(tracker[0]!.body).toMatch(/\| spec \| ✅ passed \| 1 \|/);
    expect(api.refused).toEqual([]);
    expect(api.tokens.length).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
