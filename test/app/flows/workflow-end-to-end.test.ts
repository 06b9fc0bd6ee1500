import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { git } from "../../../engine/repo/git.js";
import { defaultAction } from "../../../engine/workflow/release.js";
import { workflowFiles } from "../../../engine/workflow/workflow-files.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import {
  type GitHubAppMock,
  mockGitHubApp,
  testApp,
} from "../../helpers/workflow-runner/github-app-mock.js";
import { type RunResult, runWorkflow } from "../../helpers/workflow-runner/run-workflow.js";
import { DEMO_SESSIONS } from "../../helpers/workflow-runner/spec-sessions.js";
import type { FakeRun } from "../fake-github/fake-github.js";
import { issueComment, issueLabeled, workflowJob, workflowRun } from "../fixtures/payloads.js";
import { type Harness, startHarness } from "../harness.js";

const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
const ISSUE = 9;
const BRANCH = `copperhead/issue-${ISSUE}`;
const PINOUT = "docs/PINOUT.md";

let bin: string;
let h: Harness;
let api: GitHubAppMock;

/**
 * The run the App dispatched, executed by the local runner on the stand-in's own bare
 * repository, with GitHub's workflow_job and workflow_run webhooks sent to the App as Actions
 * sends them (this replaces fake-workflow.ts's hand-made outcomes with the real jobs). The
 * stage steps play the scripted sessions in `sessions`: a model call without one fails the job.
 */
async function execute(run: FakeRun, sessions: string): Promise<RunResult> {
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
    env: { COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: sessions },
    workDir: h.tmp.path(`runner-${run.id}`),
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

/** What one dispatch did, seen from the stand-in. */
interface Dispatched {
  run: FakeRun;
  result: RunResult;
  /** The branch tip before and after. */
  before: string;
  after: string;
  /** The stage commits it added, oldest first: [sha, stage, attempt]. */
  commits: Array<[string, string, string]>;
}

async function stageCommits(range: string): Promise<Dispatched["commits"]> {
  const out = await git(h.fake.git.dir, [
    "log",
    "--reverse",
    "--format=%H %(trailers:key=Copperhead-Stage,valueonly,separator=) %(trailers:key=Copperhead-Attempt,valueonly,separator=)",
    range,
  ]);
  return out
    .trim()
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => l.split(" ") as [string, string, string]);
}

/** Runs the design run the App dispatched last (it must be the only one not yet run). */
async function runDispatched(sessions: string): Promise<Dispatched> {
  const run = h.fake.runs[0]!;
  expect(run.status).toBe("queued");
  const before = run.headSha;
  const result = await execute(run, sessions);
  expect(h.errors).toEqual([]);
  const after = (await h.fake.git.branchSha(BRANCH))!;
  return { run, result, before, after, commits: await stageCommits(`${before}..${after}`) };
}

/** Mona's `/copperhead retry` on the issue, delivered as GitHub would. */
async function retry() {
  const c = h.fake.addComment(ISSUE, "mona", "/copperhead retry");
  await h.send(
    "issue_comment",
    issueComment(h.target, { issue: ISSUE, body: c.body, login: "mona", id: c.id }),
  );
  expect(h.errors).toEqual([]);
  return c;
}

/** A folder of scripted sessions: `finish` only, for the stages named (none: no model at all). */
async function finishOnly(dir: string, stages: string[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const stage of stages)
    await writeFile(
      join(dir, `${stage}.json`),
      JSON.stringify([
        {
          tools: [
            {
              name: "finish",
              input: { outcome: "done", summary: `Checked ${stage} against the edited pinout.` },
            },
          ],
        },
      ]),
    );
  return dir;
}

const trackers = () =>
  h.fake.comments.filter((c) => c.issue === ISSUE && c.login === h.fake.botLogin);
const checksAt = (sha: string) => {
  // The newest run of each name is the one GitHub shows.
  const byName = new Map<string, (typeof h.fake.checkRuns)[number]>();
  for (const c of h.fake.checkRuns) if (c.head_sha === sha) byName.set(c.name, c);
  return byName;
};
const outcomeAt = async (sha: string, stage: string, attempt: number) =>
  parseOutcome(
    (await h.fake.git.blobAt(sha, `.copperhead/runs/${stage}/${attempt}/outcome.json`))!.text,
    "outcome.json",
  );

// One eight-stage run of the demo and the two retries, shared by every test: the run is the
// expensive part (real kicad-cli for schematic, layout and outputs).
let first: Dispatched;
let noop: Dispatched;
let stale: Dispatched;
let trackerAfterFirst: string;
let trackerAfterNoop: string;
let reviewsAfterFirst: Array<{ event: string; body: string }>;
let checkIdsAfterFirst: number[];
let checkIdsAfterNoop: number[];
let edit: string;
const idsAt = (sha: string) => h.fake.checkRuns.filter((c) => c.head_sha === sha).map((c) => c.id);

beforeAll(async () => {
  bin = (await builtCli()).bin;
  // The issue is the demo's brief: its heading is the title (the project, and so the symbol
  // library the scripted sessions name, is called after it), the rest is the body.
  const [heading, ...rest] = (await readFile(join(EXAMPLE, "brief.md"), "utf8")).split("\n");
  h = await startHarness({
    roles: { mona: "write" },
    // What `copperhead install-workflow` commits: every stage enabled.
    files: Object.fromEntries(workflowFiles()),
  });
  api = mockGitHubApp(h.fake.fullName, testApp(), { allowLocal: true });
  await h.send(
    "issues",
    issueLabeled(h.target, {
      number: ISSUE,
      title: heading!.replace(/^# /, ""),
      body: rest.join("\n").trim(),
      label: "hardware-brief",
      sender: "mona",
    }),
  );
  expect(h.errors).toEqual([]);
  expect(h.fake.runs).toHaveLength(1);
  first = await runDispatched(DEMO_SESSIONS);
  trackerAfterFirst = trackers()[0]!.body;
  checkIdsAfterFirst = idsAt(first.after);
  reviewsAfterFirst = h.fake.reviews.map((r) => ({ event: r.event, body: r.body }));

  await retry();
  noop = await runDispatched(await finishOnly(h.tmp.path("sessions-none"), []));
  trackerAfterNoop = trackers()[0]!.body;
  checkIdsAfterNoop = idsAt(first.after);

  // A person adds a note to the schematic stage's pinout: the schematic is stale, and so is
  // every stage that reads the pinout (firmware, devplan); layout and outputs read only files
  // that did not change, so once the schematic passes again they are valid as they are.
  const pinout = (await h.fake.git.blobAt(BRANCH, PINOUT))!.text;
  edit = await h.fake.git.commitFiles(
    BRANCH,
    { [PINOUT]: `${pinout.trimEnd()}\n\n## Notes\n\nEvery row checked against the sheet.\n` },
    "pinout: a reviewer's note",
    { name: "Mona", email: "mona@invalid" },
  );
  await retry();
  stale = await runDispatched(
    await finishOnly(h.tmp.path("sessions-touchup"), ["schematic", "firmware", "devplan"]),
  );
}, 1_500_000);

afterAll(async () => {
  api?.done();
  await h?.stop();
});

describe("the App and the design workflow together, on the USB-C demo", () => {
  test("a labelled issue: the App's one dispatch runs all eight jobs, which push eight stage commits on the branch, in flow order", () => {
    expect(first.run.inputs).toMatchObject({ branch: BRANCH, stage: "" });
    // The run is the one the App looks for: its request id in the run name.
    expect(first.result.displayTitle).toBe(`copperhead ${BRANCH} [${first.run.inputs.request_id}]`);
    for (const stage of stageNames) {
      const job = first.result.jobs.get(stage)!;
      expect(job.conclusion, `${stage}\n${job.log.slice(-3000)}`).toBe("success");
    }
    expect(first.result.conclusion).toBe("success");
    expect(first.commits.map(([, s, a]) => [s, a])).toHaveLength(8);
    expect(first.commits.map(([, s]) => s).sort()).toEqual([...stageNames].sort());
    expect(first.commits.every(([, , a]) => a === "1")).toBe(true);
    const at = (s: string) => first.commits.findIndex(([, c]) => c === s);
    for (const [before, after] of [
      ["spec", "architecture"],
      ["architecture", "parts"],
      ["parts", "schematic"],
      ["schematic", "layout"],
      ["schematic", "firmware"],
      ["layout", "outputs"],
      ["outputs", "devplan"],
      ["firmware", "devplan"],
    ] as const)
      expect(at(before), `${before} before ${after}`).toBeLessThan(at(after));
    expect(api.refused).toEqual([]);
  });

  test("the App reports it from the tip: eleven checks, one batched review per stage outcome with findings, one tracker with every stage passed and both renders", async () => {
    const checks = checksAt(first.after);
    expect([...checks.keys()].sort()).toEqual(
      [
        ...stageNames.map((s) => `copperhead / ${s}`),
        "copperhead / erc",
        "copperhead / legibility",
        "copperhead / drc",
      ].sort(),
    );
    for (const s of stageNames)
      expect(checks.get(`copperhead / ${s}`), s).toMatchObject({
        status: "completed",
        conclusion: "success",
      });
    for (const name of ["erc", "drc", "legibility"])
      expect(checks.get(`copperhead / ${name}`)?.conclusion, name).toMatch(/^(success|neutral)$/);
    const withFindings: string[] = [];
    for (const s of stageNames) {
      const o = await outcomeAt(first.after, s, 1);
      expect(o).toMatchObject({ stage: s, verdict: "pass" });
      if (o.obligations.length + o.findings.legibility.length > 0) withFindings.push(s);
    }
    // One review (event COMMENT, all its findings in it) per stage outcome with findings.
    expect(reviewsAfterFirst).toHaveLength(withFindings.length);
    expect(reviewsAfterFirst.map((r) => r.event)).toEqual(withFindings.map(() => "COMMENT"));
    expect(
      reviewsAfterFirst
        .map((r) => /^### copperhead · ([a-z]+) attempt 1 /.exec(r.body)?.[1])
        .sort(),
    ).toEqual([...withFindings].sort());
    expect(trackers()).toHaveLength(1);
    expect(trackerAfterFirst).toContain("**Done**: every stage passed.");
    for (const s of stageNames)
      expect(trackerAfterFirst).toMatch(new RegExp(`\\| ${s} \\| ✅ passed \\| 1 \\|`));
    expect(trackerAfterFirst).toContain(
      `/raw/copperhead/issue-${ISSUE}/.copperhead/runs/schematic/1/renders/schematic.png`,
    );
    expect(trackerAfterFirst).toContain(
      `/raw/copperhead/issue-${ISSUE}/.copperhead/runs/layout/1/renders/board.png`,
    );
    const pr = h.fake.pulls.find((p) => p.head === BRANCH)!;
    expect(pr).toMatchObject({ draft: true, state: "open" });
    expect(pr.body).toContain(`Closes #${ISSUE}`);
  });

  test("every run ended with nothing left, so the App never dispatched on its own: three runs, one per label or command", () => {
    expect(h.fake.runs).toHaveLength(3);
    expect(h.fake.runs.map((r) => r.inputs.request_id)).toEqual(
      [stale, noop, first].map((d) => d.run.inputs.request_id),
    );
    for (const r of h.fake.runs) expect(r.inputs.request_id).toMatch(/^d-req\d+$/);
  });

  test("`/copperhead retry` on the finished design runs nothing new: no commit, every job valid, no model asked, the checks and the tracker unchanged", () => {
    expect(noop.run.inputs).toMatchObject({ branch: BRANCH, stage: "" });
    expect(noop.before).toBe(first.after);
    expect(noop.after).toBe(first.after);
    expect(noop.commits).toEqual([]);
    expect(noop.result.conclusion).toBe("success");
    for (const stage of stageNames) {
      const job = noop.result.jobs.get(stage)!;
      expect(job.conclusion, job.log.slice(-3000)).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${stage}: valid, nothing to do`);
      expect(job.log).not.toMatch(/turn 1\//);
    }
    // The same head: the checks were edited in place while the jobs ran (no new check run)
    // and say passed again; the tracker reads as before but for its links to the new jobs.
    expect(checkIdsAfterNoop).toEqual(checkIdsAfterFirst);
    for (const s of stageNames)
      expect(checksAt(first.after).get(`copperhead / ${s}`), s).toMatchObject({
        status: "completed",
        conclusion: "success",
      });
    const jobLinks = (body: string) => body.replace(/\/actions\/runs\/\d+\/job\/\d+/g, "/job");
    expect(trackerAfterNoop).not.toBe(trackerAfterFirst);
    expect(jobLinks(trackerAfterNoop)).toBe(jobLinks(trackerAfterFirst));
  });

  test("after a person edits the schematic's pinout, `/copperhead retry` reruns exactly the stale stages: schematic, then firmware and devplan; the others stay valid", async () => {
    expect(stale.before).toBe(edit);
    expect(stale.run.headSha).toBe(edit);
    // devplan needs firmware, which needs schematic: the three commits come in that order.
    expect(stale.commits.map(([, s, a]) => `${s}/${a}`)).toEqual([
      "schematic/2",
      "firmware/2",
      "devplan/2",
    ]);
    for (const stage of ["spec", "architecture", "parts", "layout", "outputs"]) {
      const job = stale.result.jobs.get(stage)!;
      expect(job.conclusion, job.log.slice(-3000)).toBe("success");
      expect(job.summary, stage).toContain(`## copperhead / ${stage}: valid, nothing to do`);
    }
    for (const stage of ["schematic", "firmware", "devplan"]) {
      const job = stale.result.jobs.get(stage)!;
      expect(job.conclusion, job.log.slice(-3000)).toBe("success");
      expect(job.summary, stage).toContain(`## copperhead / ${stage}: passed`);
      const o = await outcomeAt(stale.after, stage, 2);
      expect(o).toMatchObject({ stage, attempt: 2, verdict: "pass" });
    }
    expect(stale.result.conclusion).toBe("success");
    // The person's note is still there: the rerun built on it.
    expect((await h.fake.git.blobAt(stale.after, PINOUT))!.text).toContain(
      "Every row checked against the sheet.",
    );
  });

  test("the App reports the rerun from the new tip: every check passes there and the tracker, edited in place, shows attempt 2 of the three rerun stages", () => {
    const checks = checksAt(stale.after);
    for (const s of stageNames)
      expect(checks.get(`copperhead / ${s}`)?.conclusion, s).toBe("success");
    expect(trackers()).toHaveLength(1);
    const body = trackers()[0]!.body;
    expect(body).toContain("**Done**: every stage passed.");
    for (const s of stageNames) {
      const attempt = ["schematic", "firmware", "devplan"].includes(s) ? 2 : 1;
      expect(body).toMatch(new RegExp(`\\| ${s} \\| ✅ passed \\| ${attempt} \\|`));
    }
    expect(body).toContain(`head \`${stale.after.slice(0, 12)}\``);
    // The rerun's outcomes report the same findings (if any): none is posted twice.
    expect(h.fake.reviews).toHaveLength(reviewsAfterFirst.length);
    expect(body).not.toContain("copperhead:ledger");
  });
});
