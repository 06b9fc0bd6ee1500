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

/** GitHub's workflow_run.completed for design run 99 on BRANCH. */
const ended = (displayTitle: string, conclusion = "failure") =>
  workflowRun(
    TARGET,
    {
      id: 99,
      path: ".github/workflows/copperhead.yml",
      headBranch: BRANCH,
      headSha: HEAD,
      event: "workflow_dispatch",
      status: "completed",
      conclusion,
      displayTitle,
    },
    "completed",
  );

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
    await app.send("workflow_run", ended(`copperhead ${BRANCH} [d-x]`, "cancelled"));
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

  describe("a design run that ended with work left", () => {
    const stopped = (stage: string) =>
      makeOutcome(stage, 1, {
        verdict: "fail",
        stoppedBy: "budget",
        evidence: [
          {
            check: "run",
            ok: false,
            detail: "the run ended budget: the turn budget (60) ran out before finish",
          },
        ],
      });
    const mocks = (
      app: Awaited<ReturnType<typeof nockApp>>,
      tracker: string,
      conclusion = "failure",
    ) => {
      noSettings(app.api);
      refreshMocks(app, {
        branch: BRANCH,
        head: HEAD,
        outcomes: {
          ".copperhead/runs/spec/1/outcome.json": JSON.stringify(makeOutcome("spec", 1)),
          ".copperhead/runs/architecture/1/outcome.json": JSON.stringify(stopped("architecture")),
        },
        run: { id: 99, status: "completed", conclusion },
        jobs: [
          { name: "copperhead / spec", status: "completed", conclusion: "success" },
          { name: "copperhead / architecture", status: "completed", conclusion: "failure" },
          ...stageNames.slice(2).map((s) => ({
            name: `copperhead / ${s}`,
            status: "completed",
            conclusion: "skipped",
          })),
        ],
        pr: 101,
        trackerIssue: 7,
        tracker: { id: 500, body: tracker },
      });
    };
    const runJson = (id: number, status: string, conclusion: string | null, title: string) => ({
      id,
      status,
      conclusion,
      display_title: title,
      html_url: `https://github.com/octo-org/octo-repo/actions/runs/${id}`,
      head_sha: HEAD,
      event: "workflow_dispatch",
    });
    const runsQuery = { branch: BRANCH, per_page: 20 };
    const RUNS = `${REPO}/actions/workflows/copperhead.yml/runs`;

    test("a stage stopped at its turn budget: the App dispatches the design again on the tip, as continuation 1, and its tracker remembers the run it continued", async () => {
      const app = await nockApp();
      mocks(app, "<!-- copperhead:tracker v1 -->\nold");
      const { api } = app;
      // The brief on the tip is the one the outcomes were made from: nothing is stale.
      api
        .get(`${REPO}/contents/brief.md`)
        .query({ ref: HEAD })
        .reply(200, {
          type: "file",
          sha: "b".repeat(40),
          content: Buffer.from("brief").toString("base64"),
        });
      const old = runJson(99, "completed", "failure", `copperhead ${BRANCH} [d-x]`);
      api
        .get(RUNS)
        .query(runsQuery)
        .reply(200, { total_count: 1, workflow_runs: [old] });
      app.record("post", `${REPO}/actions/workflows/copperhead.yml/dispatches`, undefined, 204);
      const queued = runJson(100, "queued", null, `copperhead ${BRANCH} [d-c1-req1]`);
      api
        .get(RUNS)
        .query(runsQuery)
        .reply(200, { total_count: 2, workflow_runs: [queued, old] });
      await app.send("workflow_run", ended(`copperhead ${BRANCH} [d-x]`));
      done(app);
      const dispatches = app.writes.filter((w) => w.path.endsWith("/dispatches"));
      expect(dispatches.map((w) => w.body)).toEqual([
        {
          ref: BRANCH,
          inputs: { branch: BRANCH, stage: "", request_id: "d-c1-req1" },
          return_run_details: true,
        },
      ]);
      const checks = new Map(
        app.writes
          .filter((w) => w.path.endsWith("/check-runs"))
          .map((w) => {
            const b = w.body as { name: string; status: string; conclusion?: string };
            return [b.name, b.conclusion ?? b.status];
          }),
      );
      expect(checks.get("copperhead / spec")).toBe("success");
      expect(checks.get("copperhead / architecture")).toBe("failure");
      // The stages the new run will do are queued, not "not run".
      for (const s of stageNames.slice(2))
        expect(checks.get(`copperhead / ${s}`), s).toBe("queued");
      const tracker = app.writes.find((w) => w.path.endsWith("/issues/comments/500"))!.body as {
        body: string;
      };
      expect(tracker.body.split("\n").slice(0, 2)).toEqual([
        "<!-- copperhead:tracker v1 -->",
        '<!-- copperhead:ledger {"continuedAfter":[99],"stopped":[]} -->',
      ]);
      expect(tracker.body).toContain(
        "The run ended with work left (architecture), so the App dispatched the design again: automatic continuation 1 of 3",
      );
      expect(tracker.body).toContain("automatic continuation 1");
    });

    test.each([
      [
        "a redelivery of a run the App already continued",
        `copperhead ${BRANCH} [d-x]`,
        "failure",
        '<!-- copperhead:ledger {"continuedAfter":[99],"stopped":[]} -->',
      ],
      [
        "a run `/copperhead stop` cancelled too late (it finished first)",
        `copperhead ${BRANCH} [d-x]`,
        "failure",
        '<!-- copperhead:ledger {"continuedAfter":[],"stopped":[99]} -->',
      ],
      ["a run someone cancelled in Actions", `copperhead ${BRANCH} [d-x]`, "cancelled", ""],
      [
        "the third automatic continuation (the bound)",
        `copperhead ${BRANCH} [d-c3-req9]`,
        "failure",
        "",
      ],
    ])(
      "%s is not dispatched again: the design is only reported",
      async (_, title, conclusion, ledger) => {
        const app = await nockApp();
        mocks(app, `<!-- copperhead:tracker v1 -->${ledger ? `\n${ledger}` : ""}\nold`, conclusion);
        await app.send("workflow_run", ended(title, conclusion));
        // No brief read, no runs listed again, no dispatch: any such request would fail the job.
        done(app);
        expect(app.writes.filter((w) => w.path.endsWith("/dispatches"))).toEqual([]);
        const tracker = app.writes.find((w) => w.path.endsWith("/issues/comments/500"))!.body as {
          body: string;
        };
        // The ledger is carried over as it was.
        if (ledger) expect(tracker.body.split("\n")[1]).toBe(ledger);
        else expect(tracker.body).not.toContain("copperhead:ledger");
        expect(tracker.body).not.toContain("dispatched the design again");
      },
    );
  });
});
