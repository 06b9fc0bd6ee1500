import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReportSchema } from "../../../engine/check/check-report.js";
import { git } from "../../../engine/repo/git.js";
import { checkResultSchema } from "../../../engine/workflow/check-result.js";
import { diffResultSchema } from "../../../engine/workflow/diff-result.js";
import { pullRequest } from "../../app/fixtures/payloads.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";
import {
  type HardwareOrigin,
  hardwareOrigin,
} from "../../helpers/workflow-runner/hardware-origin.js";
import type { RunResult } from "../../helpers/workflow-runner/run-workflow.js";

const LED = join(REPO_ROOT, "examples/led");
const BRANCH = "led-tweaks";
const TARGET = { owner: "octo-org", repo: "octo-repo", defaultBranch: "main" };

let bin: string;
let h: HardwareOrigin;
let design: Record<string, string>;
beforeAll(async () => {
  bin = (await builtCli()).bin;
  design = {};
  for (const f of await readdir(LED, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const path = join(f.parentPath, f.name);
    design[path.slice(LED.length + 1)] = await readFile(path, "utf8");
  }
  h = await hardwareOrigin({ bin, branch: BRANCH, design });
}, 300_000);
afterAll(async () => {
  await h?.remove();
});

async function artifact(run: RunResult) {
  const path = join(
    run.stores.artifactDir,
    `${run.runId}-${run.runAttempt}`,
    "copperhead-check",
    "check-result.json",
  );
  return checkResultSchema.parse(JSON.parse(await readFile(path, "utf8")));
}

describe("the check workflows, run by the local runner", () => {
  it("copperhead-check.yml on one commit leaves check-result.json about exactly that commit, as copperhead check --json reports it, with no secret", async () => {
    const sha = await h.tip(BRANCH);
    // The branch moves on after the dispatch: the check is still about the asked-for commit.
    await h.commit(BRANCH, { "NOTES.md": "later\n" }, "later");
    const run = await h.dispatch("main", {
      file: "copperhead-check.yml",
      inputs: { sha, pr: "3", request_id: "c-1" },
      secrets: {},
    });
    const job = run.jobs.get("check")!;
    expect(job.conclusion, job.log).toBe("success");
    expect(run.displayTitle).toBe(`copperhead check ${sha} [c-1]`);
    const result = await artifact(run);
    expect(result).toMatchObject({ schema: 1, repository: "octo-org/octo-repo", sha, pr: 3 });
    expect(result.report.target.schematic).toBe("led.kicad_sch");
    await git(h.person, ["checkout", "-q", sha]);
    const direct = await runBin(bin, ["check", "--json"], { cwd: h.person });
    await git(h.person, ["checkout", "-q", BRANCH]);
    expect(result.report).toEqual(checkReportSchema.parse(JSON.parse(direct.stdout)));
  }, 300_000);

  it("copperhead-pr.yml: a pull request from a fork is checked at its head with no secret (its token is read-only: workflow.test.ts); one from the repository itself is left to the App", async () => {
    // The fork's commit, reachable in the base repository as GitHub keeps it: refs/pull/<n>/head.
    await git(h.person, ["checkout", "-q", "-b", "fork-work", `origin/${BRANCH}`]);
    await writeFile(join(h.person, "README.md"), "# a board, from a fork\n");
    await git(h.person, ["commit", "-qam", "a fork's change"]);
    const fork = (await git(h.person, ["rev-parse", "HEAD"])).trim();
    await git(h.person, ["push", "-q", "origin", "HEAD:refs/pull/5/head"]);
    await git(h.person, ["checkout", "-q", BRANCH]);
    const payload = pullRequest(TARGET, {
      action: "opened",
      number: 5,
      headRef: "fork-work",
      headSha: fork,
      headRepo: "forker/octo-repo",
      sender: "forker",
    });
    // The PR's base as GitHub sends it: the base branch's tip when the PR was updated.
    payload.pull_request.base.sha = await h.tip("main");
    const run = await h.dispatch("main", {
      file: "copperhead-pr.yml",
      inputs: {},
      secrets: {},
      event: { name: "pull_request", payload },
    });
    const job = run.jobs.get("check")!;
    expect(job.conclusion, job.log).toBe("success");
    expect(job.log).toContain(`checked out ${fork} at ${fork}`);
    expect(await artifact(run)).toMatchObject({
      repository: "octo-org/octo-repo",
      sha: fork,
      pr: 5,
    });
    // The design diff, made in the same job without a secret, from the PR's merge base.
    const diff = diffResultSchema.parse(
      JSON.parse(
        await readFile(
          join(
            run.stores.artifactDir,
            `${run.runId}-${run.runAttempt}`,
            "copperhead-diff",
            "diff-result.json",
          ),
          "utf8",
        ),
      ),
    );
    expect(diff).toMatchObject({ repository: "octo-org/octo-repo", sha: fork, pr: 5, stage: null });
    expect(diff.base).toBe((await git(h.person, ["merge-base", fork, await h.tip("main")])).trim());
    expect(diff.report.before.commit).toBe(diff.base);
    expect(diff.report.after.commit).toBe(fork);

    const own = pullRequest(TARGET, {
      action: "synchronize",
      number: 6,
      headRef: BRANCH,
      headSha: await h.tip(BRANCH),
      sender: "mona",
    });
    const skipped = await h.dispatch("main", {
      file: "copperhead-pr.yml",
      inputs: {},
      secrets: {},
      event: { name: "pull_request", payload: own },
    });
    expect(skipped.jobs.get("check")!.conclusion).toBe("skipped");
  }, 300_000);
});
