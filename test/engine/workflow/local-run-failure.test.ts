import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { git } from "../../../engine/repo/git.js";
import { briefOrigins, originLog } from "../../helpers/workflow-runner/brief-origins.js";
import { script, specSessions } from "../../helpers/workflow-runner/spec-sessions.js";

const BRANCH = "copperhead/issue-8";
const DOWNSTREAM = stageNames.slice(1);

const origins = briefOrigins(BRANCH);
const setup = origins.setup;
const log = originLog;

describe("a failing stage job, run by the local runner", () => {
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
    expect(origins.api.refused).toEqual([]);
  }, 600_000);
});
