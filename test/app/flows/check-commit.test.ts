import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { checkArtifact, checkReport } from "../fixtures/check-results.js";
import { makeOutcome, schematicText } from "../fixtures/outcomes.js";
import { checkRunRerequested, pullRequest, workflowRun } from "../fixtures/payloads.js";
import { type Harness, startHarness } from "../harness.js";

let h: Harness;
const FORK = "eve/octo-repo";

beforeEach(async () => {
  h = await startHarness({ roles: { hubot: "write" } });
});

afterEach(async () => {
  await h.stop();
});

const dispatches = () =>
  h.fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/dispatches"));
const latest = (sha: string) =>
  new Map(h.fake.checkRuns.filter((c) => c.head_sha === sha).map((c) => [c.name, c]));

/** A same-repository PR whose head a person just pushed (a schematic and a passing spec outcome). */
async function humanPush() {
  await h.fake.git.run(["branch", "feature", "main"]);
  const sha = await h.fake.git.commitFiles(
    "feature",
    {
      "hardware/board.kicad_sch": schematicText(["R1", "R2"]),
      ".copperhead/runs/spec/1/outcome.json": JSON.stringify(makeOutcome("spec", 1)),
    },
    "hand edit",
    { name: "Hubot", email: "hubot@invalid" },
  );
  h.fake.pulls.push({
    number: 55,
    title: "tweak",
    body: "",
    head: "feature",
    headRepo: h.fake.fullName,
    base: "main",
    draft: false,
    state: "open",
  });
  await h.send(
    "pull_request",
    pullRequest(h.target, {
      action: "synchronize",
      number: 55,
      headRef: "feature",
      headSha: sha,
      sender: "hubot",
    }),
  );
  return sha;
}

/** The dispatched check workflow finishing with `artifact` (GitHub's workflow_run.completed). */
async function finishCheck(artifact: Uint8Array | null) {
  const run = h.fake.runs.find((r) => r.path.endsWith("copperhead-check.yml"))!;
  Object.assign(run, { status: "completed", conclusion: "success" });
  if (artifact)
    run.artifacts.push({
      id: h.fake.nextId(),
      name: "copperhead-check",
      bytes: artifact,
      expired: false,
    });
  await h.send("workflow_run", workflowRun(h.target, run, "completed"));
  return run;
}

describe("a person's push to a pull request of this repository", () => {
  test("dispatches the check workflow for that commit; its artifact becomes ERC, legibility and DRC checks", async () => {
    const sha = await humanPush();
    expect(dispatches()).toHaveLength(1);
    expect(dispatches()[0]!.path).toBe(
      "/repos/octo-org/octo-repo/actions/workflows/copperhead-check.yml/dispatches",
    );
    expect(dispatches()[0]!.body).toEqual({
      ref: "feature",
      inputs: { sha, pr: "55", request_id: `k-${sha}-55-req1` },
      return_run_details: true,
    });
    expect(h.errors).toEqual([]);
    let checks = latest(sha);
    expect(checks.get("copperhead / erc")?.status).toBe("in_progress");
    // The commit carries a spec outcome, so the stage checks are reported on it too.
    expect(checks.get("copperhead / spec")?.conclusion).toBe("success");
    expect(checks.get("copperhead / schematic")?.conclusion).toBe("action_required");

    await finishCheck(
      checkArtifact({ schema: 1, repository: h.fake.fullName, sha, pr: 55, report: checkReport() }),
    );
    checks = latest(sha);
    expect(checks.get("copperhead / erc")).toMatchObject({
      status: "completed",
      conclusion: "failure",
    });
    const r1 =
      schematicText(["R1", "R2"])
        .split("\n")
        .findIndex((l) => l.includes('"Reference" "R1"')) + 1;
    expect(checks.get("copperhead / erc")!.annotations).toEqual([
      expect.objectContaining({
        path: "hardware/board.kicad_sch",
        start_line: r1,
        annotation_level: "failure",
      }),
    ]);
    // Hand-drawn sheets: advisory findings are neutral, never a failure.
    expect(checks.get("copperhead / legibility")).toMatchObject({ conclusion: "neutral" });
    expect(checks.get("copperhead / drc")).toMatchObject({
      conclusion: "neutral",
      output: expect.objectContaining({ title: "DRC: no board yet" }),
    });
    expect(h.errors).toEqual([]);
  });

  test("a check result about another commit or pull request is refused and not posted there", async () => {
    const sha = await humanPush();
    const other = "f".repeat(40);
    await finishCheck(
      checkArtifact({
        schema: 1,
        repository: h.fake.fullName,
        sha: other,
        pr: 55,
        report: checkReport(),
      }),
    );
    expect(latest(other).size).toBe(0);
    const erc = latest(sha).get("copperhead / erc")!;
    expect(erc).toMatchObject({
      conclusion: "failure",
      output: expect.objectContaining({ title: "erc: no trustworthy check result" }),
    });
    expect(erc.output.summary).toContain(`not ${sha.slice(0, 12)}`);
  });

  test("a run that left no artifact finalises the checks instead of leaving them in progress", async () => {
    const sha = await humanPush();
    await finishCheck(null);
    for (const name of ["erc", "legibility", "drc"])
      expect(latest(sha).get(`copperhead / ${name}`)?.status).toBe("completed");
  });

  test("Re-run on one of the App's checks checks the commit again", async () => {
    const sha = await humanPush();
    await h.send(
      "check_run",
      checkRunRerequested(h.target, {
        name: "copperhead / erc",
        headSha: sha,
        appId: h.fake.appId,
        pr: 55,
        headRef: "feature",
        sender: "hubot",
      }),
    );
    expect(dispatches()).toHaveLength(2);
    expect((dispatches()[1]!.body as { inputs: { sha: string } }).inputs.sha).toBe(sha);
  });

  test("the App's own pushes (stage commits) dispatch nothing", async () => {
    await h.fake.git.run(["branch", "copperhead/issue-3", "main"]);
    const sha = (await h.fake.git.branchSha("copperhead/issue-3"))!;
    await h.send(
      "pull_request",
      pullRequest(h.target, {
        action: "synchronize",
        number: 9,
        headRef: "copperhead/issue-3",
        headSha: sha,
        sender: h.fake.botLogin,
        type: "Bot",
      }),
    );
    expect(dispatches()).toHaveLength(0);
    expect(h.fake.requests).toHaveLength(0);
  });
});

describe("pull requests from forks", () => {
  const forkSha = "c".repeat(40);

  async function forkPr() {
    h.fake.pulls.push({
      number: 77,
      title: "from a fork",
      body: "",
      head: "patch-1",
      headRepo: FORK,
      headSha: forkSha,
      base: "main",
      draft: false,
      state: "open",
    });
    await h.send(
      "pull_request",
      pullRequest(h.target, {
        action: "synchronize",
        number: 77,
        headRef: "patch-1",
        headSha: forkSha,
        headRepo: FORK,
        sender: "eve",
      }),
    );
  }

  async function prWorkflowDone(
    result: unknown,
    pullRequests: Array<{ number: number; headSha: string; headRef: string }> = [],
  ) {
    const run = {
      id: h.fake.nextId(),
      workflow: "copperhead-pr",
      path: ".github/workflows/copperhead-pr.yml",
      headBranch: "patch-1",
      headSha: forkSha,
      event: "pull_request",
      status: "completed",
      conclusion: "success",
      displayTitle: "from a fork",
      inputs: {},
      jobs: [],
      artifacts: [
        {
          id: h.fake.nextId(),
          name: "copperhead-check",
          bytes: result instanceof Uint8Array ? result : checkArtifact(result),
          expired: false,
        },
      ],
    };
    h.fake.runs.unshift(run);
    await h.send(
      "workflow_run",
      workflowRun(h.target, run, "completed", { headRepo: FORK, pullRequests }),
    );
  }

  test("a fork's pull request gets no dispatch at all", async () => {
    await forkPr();
    expect(dispatches()).toHaveLength(0);
    expect(h.fake.requests).toHaveLength(0);
  });

  test("its unprivileged workflow's artifact, validated, becomes the checks on the fork's head", async () => {
    await forkPr();
    await prWorkflowDone({
      schema: 1,
      repository: h.fake.fullName,
      sha: forkSha,
      pr: 77,
      report: checkReport(),
    });
    expect(latest(forkSha).get("copperhead / erc")).toMatchObject({
      conclusion: "failure",
      output: expect.objectContaining({ title: "ERC: 1 error(s), 0 warning(s)" }),
    });
    expect(dispatches()).toHaveLength(0);
    expect(h.errors).toEqual([]);
  });

  test.each([
    [
      "the wrong schema",
      { schema: 2, repository: "octo-org/octo-repo", sha: forkSha, pr: 77 },
      "does not match the schema",
    ],
    [
      "another PR's head SHA",
      { schema: 1, repository: "octo-org/octo-repo", sha: "d".repeat(40), pr: 77 },
      "is about commit dddddddddddd",
    ],
    [
      "another repository",
      { schema: 1, repository: "eve/octo-repo", sha: forkSha, pr: 77 },
      "names repository eve/octo-repo",
    ],
    [
      "a PR whose head is not the run's",
      { schema: 1, repository: "octo-org/octo-repo", sha: forkSha, pr: 55 },
      "55's head is eeeeeeeeeeee from mallory/octo-repo",
    ],
  ])("a forged artifact (%s) is refused", async (_what, result, why) => {
    await forkPr();
    h.fake.pulls.push({
      number: 55,
      title: "other",
      body: "",
      head: "other",
      headRepo: "mallory/octo-repo",
      headSha: "e".repeat(40),
      base: "main",
      draft: false,
      state: "open",
    });
    await prWorkflowDone({ ...result, report: checkReport() });
    const erc = latest(forkSha).get("copperhead / erc")!;
    expect(erc).toMatchObject({
      conclusion: "failure",
      output: expect.objectContaining({ title: "erc: no trustworthy check result" }),
    });
    expect(erc.output.summary).toContain(why);
    expect(latest("d".repeat(40)).size).toBe(0);
  });

  test("a zip without check-result.json, or not a zip at all, is refused", async () => {
    await forkPr();
    await prWorkflowDone(checkArtifact(null, { "evil.sh": "rm -rf /" }));
    expect(latest(forkSha).get("copperhead / erc")!.output.summary).toContain(
      "holds no check-result.json",
    );
    await prWorkflowDone(new TextEncoder().encode("not a zip"));
    expect(latest(forkSha).get("copperhead / erc")!.output.summary).toContain("not a readable zip");
  });
});
