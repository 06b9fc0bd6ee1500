import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEventLog } from "../../../engine/flow/event-log.js";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { git } from "../../../engine/repo/git.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import {
  type GitHubAppMock,
  mockGitHubApp,
  testApp,
} from "../../helpers/workflow-runner/github-app-mock.js";
import {
  demoBrief,
  type HardwareOrigin,
  hardwareOrigin,
} from "../../helpers/workflow-runner/hardware-origin.js";

const SESSIONS = join(REPO_ROOT, "examples/usb-c-breakout/sessions");
const scripted = { COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: SESSIONS };
const BRANCH = "copperhead/issue-7";
const STAGES = stageNames;
const DOWNSTREAM = STAGES.slice(1);

let bin: string;
let brief: string;
let api: GitHubAppMock;
const cleanups: HardwareOrigin[] = [];
beforeAll(async () => {
  bin = (await builtCli()).bin;
  brief = await demoBrief();
  // GitHub's API, as the token-minting step meets it; no real connection is possible.
  api = mockGitHubApp("octo-org/octo-repo", testApp());
}, 300_000);
afterAll(async () => {
  api.done();
  for (const h of cleanups) await h.remove();
});

/**
 * Scripted sessions derived from the demo's spec session (so they follow it when it changes):
 * `forgetful` never records the budgets (the gate fails on constraints-file after SPEC.md is
 * written: work to keep), `resume` is what a model does on the next attempt with that work
 * back in the tree (re-validates its proposal, records the budgets, finishes), `none` has no
 * session at all, so any model call fails the job.
 */
async function specSessions(dir: string) {
  const demo: Array<{ tools: Array<{ name: string }>; expect?: unknown }> = JSON.parse(
    await readFile(join(SESSIONS, "spec.json"), "utf8"),
  );
  const keep = (names: string[]) =>
    demo.filter((t) => names.includes(t.tools[0]!.name)).map(({ expect: _, ...t }) => t);
  const made: Record<string, string> = {};
  const sessions = {
    forgetful: keep(["read_file", "propose_change", "validate_change", "write_file", "finish"]),
    resume: keep(["propose_change", "validate_change", "record_constraint", "finish"]),
    none: undefined,
  };
  for (const [name, turns] of Object.entries(sessions)) {
    made[name] = join(dir, name);
    await mkdir(made[name], { recursive: true });
    if (turns) await writeFile(join(made[name], "spec.json"), JSON.stringify(turns));
  }
  return made as Record<keyof typeof sessions, string>;
}
const script = (dir: string) => ({ COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: dir });

async function setup(settings?: string) {
  const h = await hardwareOrigin({
    bin,
    branch: BRANCH,
    design: { "brief.md": brief },
    ...(settings === undefined ? {} : { settings }),
  });
  cleanups.push(h);
  return h;
}

const log = (h: HardwareOrigin, rev: string, format: string) =>
  git(h.origin, ["log", `--format=${format}`, rev]).then((s) => s.trim().split("\n"));

describe("the design workflow, run by the local runner", () => {
  it("a dispatch on a branch holding only brief.md runs spec, pushes its commit, uploads outcome-spec and writes the job summary; the stages left out report it", async () => {
    const h = await setup("stages: [spec]\n");
    const base = await h.tip(BRANCH);
    const run = await h.dispatch(BRANCH, { env: scripted });
    const spec = run.jobs.get("spec")!;
    expect(spec.conclusion, spec.log).toBe("success");
    expect(run.conclusion).toBe("success");
    expect(run.displayTitle).toBe(`copperhead ${BRANCH} [d-run1]`);
    expect(spec.image).toMatch(/^ghcr\.io\/copperhead-eda\/copperhead:/);

    // One stage commit on the origin's branch, child of the brief commit, with the trailers.
    const commits = await log(h, `${base}..refs/heads/${BRANCH}`, "%H %s");
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/copperhead\(spec\): /);
    const trailers = await log(h, `refs/heads/${BRANCH}`, "%(trailers:only,unfold)");
    expect(trailers.slice(0, 2)).toEqual(["Copperhead-Stage: spec", "Copperhead-Attempt: 1"]);

    const outcomeText = await git(h.origin, [
      "show",
      `refs/heads/${BRANCH}:.copperhead/runs/spec/1/outcome.json`,
    ]);
    const outcome = parseOutcome(outcomeText, "outcome.json");
    expect(outcome).toMatchObject({ stage: "spec", attempt: 1, verdict: "pass", commit: base });
    const artifact = await readFile(
      join(run.stores.artifactDir, `${run.runId}-1`, "outcome-spec", "outcome.json"),
      "utf8",
    );
    expect(artifact).toBe(outcomeText);

    expect(spec.summary).toContain("## copperhead / spec: passed");
    expect(spec.summary).toContain("| `spec-present` | ok |");
    expect(spec.summary).toMatch(/pushed 1 commit\(s\) of spec to copperhead\/issue-7/);
    // The push used a token minted for it, right before it: after the stage step.
    const minted = run.stores.minted.filter((m) => m.job === "spec");
    expect(minted).toHaveLength(1);
    for (const id of DOWNSTREAM) {
      const job = run.jobs.get(id)!;
      expect(job.conclusion, job.log).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${id}: not enabled in .github/copperhead.yml`);
    }
    // Jobs start as soon as their needs are done: layout and firmware (both after schematic)
    // overlap, and no job starts before a job it needs has ended.
    const at = (e: string) => run.events.indexOf(e);
    expect(at("start firmware")).toBeLessThan(at("end layout"));
    expect(at("start layout")).toBeLessThan(at("end firmware"));
    for (const id of STAGES) {
      for (const need of parse(
        await readFile(join(h.person, ".github/workflows/copperhead.yml"), "utf8"),
      ).jobs[id].needs ?? []) {
        expect(at(`end ${need}`), `${id} after ${need}`).toBeLessThan(at(`start ${id}`));
      }
    }
    // No secret reached a log, a summary or the repository.
    const everything = [...run.jobs.values()].map((j) => j.log + j.summary).join("\n");
    expect(everything).not.toContain("sk-ant-test-neverprinted");
    expect(everything).not.toContain(minted[0]!.token);
    const history = await git(h.origin, ["log", "-p", "--all"]);
    expect(history).not.toContain("sk-ant-test-neverprinted");
    const events = parseEventLog(
      await git(h.origin, ["show", `refs/heads/${BRANCH}:.copperhead/events.jsonl`]),
    );
    expect(events.events.map((e) => [e.type, e.stage])).toEqual([
      ["dispatch", "spec"],
      ["outcome", "spec"],
    ]);
    // Every job minted its push token from GitHub (the mock checked each request's JWT and
    // scope), and the push used exactly those.
    expect(api.refused).toEqual([]);
    expect(new Set(api.tokens)).toEqual(
      new Set(run.stores.minted.filter((m) => m.job !== "").map((m) => m.token)),
    );
    expect(run.stores.minted.map((m) => m.job).sort()).toEqual([...STAGES].sort());

    // The whole workflow again on the finished branch: nothing is missing, failed or stale, so
    // nothing is committed and no model is asked (with no session, a model call fails the job).
    const sessions = await specSessions(h.tmp.path("sessions"));
    const finished = await h.tip(BRANCH);
    const again = await h.dispatch(BRANCH, { env: script(sessions.none) });
    const respec = again.jobs.get("spec")!;
    expect(again.conclusion, respec.log).toBe("success");
    expect(await h.tip(BRANCH)).toBe(finished);
    expect(await log(h, `${base}..refs/heads/${BRANCH}`, "%H")).toHaveLength(1);
    expect(respec.summary).toContain("## copperhead / spec: valid, nothing to do");
    expect(respec.summary).toContain(`${BRANCH} is up to date`);
    expect(respec.log).not.toMatch(/turn 1\//);
    expect(again.stores.cacheOrder.filter((k) => k.includes("-spec-"))).toHaveLength(2);
  }, 600_000);

  it("a failing stage job leaves its failed outcome on the branch and its work on the WIP ref, its dependants skipped and named; re-running the failed job from the run's old SHA works on the tip", async () => {
    const h = await setup("stages: [spec]\n");
    const sessions = await specSessions(h.tmp.path("sessions"));
    // Someone pushes to the branch while the job runs: its push rebases onto theirs.
    const first = await h.dispatch(BRANCH, {
      env: script(sessions.forgetful),
      hooks: {
        beforeStep: async (job, step) => {
          if (job === "spec" && step.name === "Push the stage's commit") {
            await h.commit(BRANCH, { "NOTES.md": "bench notes\n" }, "bench notes");
          }
        },
      },
    });
    const spec = first.jobs.get("spec")!;
    expect(first.conclusion).toBe("failure");
    expect(spec.conclusion, spec.log).toBe("failure");
    // The dependants never started: skipped, as GitHub shows them, and named in the summary.
    for (const id of DOWNSTREAM) expect(first.jobs.get(id)!.conclusion).toBe("skipped");
    expect(first.events).toEqual(["start spec", "end spec"]);
    expect(spec.summary).toContain("## copperhead / spec: failed");
    expect(spec.summary).toContain("| `constraints-file` | **failed** |");
    expect(spec.summary).toContain(
      `Skipped in this run because they need \`spec\`: ${DOWNSTREAM.map((s) => `\`${s}\``).join(", ")}.`,
    );
    expect(spec.summary).toContain("The attempt's work is on `refs/copperhead/wip/spec/1`");

    // On the branch: the failed attempt's trail (outcome, events), not its work.
    const trail = `refs/heads/${BRANCH}`;
    const failed = parseOutcome(
      await git(h.origin, ["show", `${trail}:.copperhead/runs/spec/1/outcome.json`]),
      "outcome.json",
    );
    expect(failed).toMatchObject({ stage: "spec", attempt: 1, verdict: "fail" });
    const onBranch = await git(h.origin, ["ls-tree", "-r", "--name-only", trail]);
    expect(onBranch).not.toContain("docs/SPEC.md");
    // The work: SPEC.md as the attempt wrote it, on the pushed WIP ref.
    expect(await git(h.origin, ["show", "refs/copperhead/wip/spec/1:docs/SPEC.md"])).toMatch(/^# /);
    const artifact = join(
      first.stores.artifactDir,
      `${first.runId}-1`,
      "outcome-spec",
      "outcome.json",
    );
    expect(parseOutcome(await readFile(artifact, "utf8"), artifact).verdict).toBe("fail");

    // "Re-run failed jobs": the same run, its original SHA (the brief commit); the branch has
    // moved on since (the trail commit). The job works on the tip, so the attempt builds on the
    // kept work put back from the WIP ref, and its commit follows the trail.
    const failedTip = await h.tip(BRANCH);
    expect(await log(h, `${first.sha}..${trail}`, "%s")).toEqual([
      "copperhead(spec): attempt 1 failed its gate (constraints-file)",
      "bench notes",
    ]);
    expect(spec.log).toContain(`${BRANCH} moved on origin: rebasing the spec commit onto it`);
    const rerun = await h.dispatch(BRANCH, {
      env: script(sessions.resume),
      runId: first.runId,
      runAttempt: 2,
      sha: first.sha,
      previous: first,
    });
    const respec = rerun.jobs.get("spec")!;
    expect(rerun.conclusion, respec.log).toBe("success");
    expect(rerun.sha).toBe(first.sha);
    expect(respec.log).toContain(`checked out ${BRANCH} at ${failedTip}`);
    expect(await git(h.origin, ["rev-parse", `${trail}^`]).then((s) => s.trim())).toBe(failedTip);
    const passed = parseOutcome(
      await git(h.origin, ["show", `${trail}:.copperhead/runs/spec/2/outcome.json`]),
      "outcome.json",
    );
    expect(passed).toMatchObject({ attempt: 2, verdict: "pass", commit: failedTip });
    // The kept SPEC.md is what passed (the resumed session never writes it).
    expect(await git(h.origin, ["show", `${trail}:docs/SPEC.md`])).toBe(
      await git(h.origin, ["show", "refs/copperhead/wip/spec/1:docs/SPEC.md"]),
    );
    expect(await git(h.origin, ["show", `${trail}:NOTES.md`])).toBe("bench notes\n");
    for (const id of DOWNSTREAM) expect(rerun.jobs.get(id)!.conclusion).toBe("success");
    expect(api.refused).toEqual([]);
  }, 600_000);
});
