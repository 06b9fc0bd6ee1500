import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { checkArtifact, checkReport } from "../fixtures/check-results.js";
import { makeOutcome } from "../fixtures/outcomes.js";
import { workflowRun } from "../fixtures/payloads.js";
import { done, nockApp, noSettings, REPO, refreshMocks, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const BRANCH = "copperhead/issue-7";
const HEAD = "9".repeat(40);

describe("workflow_run", () => {
  test("a cancelled design run is finalised: stages without an outcome are cancelled, nothing stays running", async () => {
    const app = await nockApp();
    noSettings(app.api);
    refreshMocks(app, {
      branch: BRANCH,
      head: HEAD,
      outcomes: { ".copperhead/runs/spec/1/outcome.json": JSON.stringify(makeOutcome("spec", 1)) },
      run: { id: 99, status: "completed", conclusion: "cancelled" },
      jobs: [
        { name: "copperhead / spec", status: "completed", conclusion: "success" },
        { name: "copperhead / architecture", status: "completed", conclusion: "cancelled" },
      ],
      pr: 101,
      trackerIssue: 7,
      tracker: { id: 500, body: "<!-- copperhead:tracker v1 -->\nold" },
    });
    const payload = workflowRun(
      TARGET,
      {
        id: 99,
        path: ".github/workflows/copperhead.yml",
        headBranch: BRANCH,
        headSha: HEAD,
        event: "workflow_dispatch",
        status: "completed",
        conclusion: "cancelled",
        displayTitle: `copperhead ${BRANCH} [d-x]`,
      },
      "completed",
    );
    await app.send("workflow_run", payload);
    done(app);
    const checks = app.writes
      .filter((w) => w.path.endsWith("/check-runs"))
      .map((w) => w.body as { name: string; status: string; conclusion?: string });
    expect(checks.every((c) => c.status === "completed")).toBe(true);
    const byName = new Map(checks.map((c) => [c.name, c.conclusion]));
    expect(byName.get("copperhead / spec")).toBe("success");
    for (const s of stageNames.slice(1)) expect(byName.get(`copperhead / ${s}`)).toBe("cancelled");
    expect(app.writes).toMatchSnapshot();
  });

  test("the dispatched check workflow finished: the artifact is downloaded (through GitHub's redirect) and posted", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    const sha = "5".repeat(40);
    const zip = checkArtifact({
      schema: 1,
      repository: "octo-org/octo-repo",
      sha,
      pr: 55,
      report: checkReport(),
    });
    api
      .get(`${REPO}/actions/runs/321/artifacts`)
      .query({ per_page: 100 })
      .reply(200, {
        total_count: 1,
        artifacts: [
          { id: 8, name: "copperhead-check", size_in_bytes: zip.byteLength, expired: false },
        ],
      });
    api
      .get(`${REPO}/actions/artifacts/8/zip`)
      .reply(302, undefined, { location: "https://pipelines.example.invalid/artifact-8.zip" });
    nock("https://pipelines.example.invalid")
      .get("/artifact-8.zip")
      .reply(200, Buffer.from(zip), { "content-type": "application/zip" });
    api.get(`${REPO}/contents/hardware%2Fboard.kicad_sch`).query({ ref: sha }).reply(404);
    api
      .get(`${REPO}/commits/${sha}/check-runs`)
      .query({ per_page: 100, filter: "latest" })
      .reply(200, { total_count: 0, check_runs: [] });
    app.record("post", `${REPO}/check-runs`, { id: 1 }, 201, 3);
    const payload = workflowRun(
      TARGET,
      {
        id: 321,
        path: ".github/workflows/copperhead-check.yml",
        headBranch: "feature",
        headSha: sha,
        event: "workflow_dispatch",
        status: "completed",
        conclusion: "success",
        displayTitle: `copperhead check 555555555555 [k-${sha}-55-abc]`,
      },
      "completed",
    );
    await app.send("workflow_run", payload);
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("runs of other workflows, and check runs the App did not dispatch, are ignored", async () => {
    const app = await nockApp();
    noSettings(app.api);
    const sha = "5".repeat(40);
    await app.send(
      "workflow_run",
      workflowRun(
        TARGET,
        {
          id: 1,
          path: ".github/workflows/ci.yml",
          headBranch: "main",
          headSha: sha,
          event: "push",
          status: "completed",
          conclusion: "success",
          displayTitle: "ci",
        },
        "completed",
      ),
    );
    await app.send(
      "workflow_run",
      workflowRun(
        TARGET,
        {
          id: 2,
          path: ".github/workflows/copperhead-check.yml",
          headBranch: "main",
          headSha: sha,
          event: "workflow_dispatch",
          status: "completed",
          conclusion: "success",
          displayTitle: "someone's manual run",
        },
        "completed",
      ),
    );
    done(app);
    expect(app.writes).toEqual([]);
  });
});
