import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { makeOutcome, schematicText } from "../fixtures/outcomes.js";
import { workflowJob } from "../fixtures/payloads.js";
import { done, nockApp, noSettings, REPO, refreshMocks, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const BRANCH = "copperhead/issue-7";
const HEAD = "9".repeat(40);
const run = {
  id: 99,
  path: ".github/workflows/copperhead.yml",
  headBranch: BRANCH,
  headSha: HEAD,
  event: "workflow_dispatch",
  status: "in_progress",
  conclusion: null,
  displayTitle: `copperhead ${BRANCH} [d-x]`,
};

describe("workflow_job", () => {
  test("a stage job finished: its outcome becomes checks with annotations, one review and the tracker — every body", async () => {
    const app = await nockApp();
    noSettings(app.api);
    const sch = schematicText(["R1", "R2"]);
    const outcome = makeOutcome("schematic", 2, {
      verdict: "fail",
      artifacts: [{ path: "hardware/board.kicad_sch", sha256: "a".repeat(64) }],
      obligations: [
        {
          kind: "erc",
          detail: "ERC not rerun after the last edit",
          openedBy: "hardware/board.kicad_sch",
        },
      ],
      findings: {
        erc: [],
        drc: [],
        legibility: [
          {
            kind: "symbol-overlap",
            severity: "error",
            sheet: "/",
            at: { x: 50, y: 50 },
            refs: ["R2"],
            detail: "R2 overlaps R1",
          },
        ],
      },
    });
    const patch = `@@ -0,0 +1,${sch.split("\n").length - 1} @@\n${sch
      .split("\n")
      .slice(0, -1)
      .map((l) => `+${l}`)
      .join("\n")}`;
    refreshMocks(app, {
      branch: BRANCH,
      head: HEAD,
      outcomes: {
        ".copperhead/runs/spec/1/outcome.json": JSON.stringify(makeOutcome("spec", 1)),
        ".copperhead/runs/schematic/1/outcome.json": JSON.stringify(
          makeOutcome("schematic", 1, { verdict: "fail" }),
        ),
        ".copperhead/runs/schematic/2/outcome.json": JSON.stringify(outcome),
      },
      run: { id: 99, status: "in_progress", conclusion: null },
      jobs: [
        { name: "copperhead / spec", status: "completed", conclusion: "success" },
        { name: "copperhead / schematic", status: "completed", conclusion: "failure" },
      ],
      pr: 101,
      trackerIssue: 7,
      tracker: { id: 500, body: "<!-- copperhead:tracker v1 -->\nold" },
      files: { "hardware/board.kicad_sch": sch },
      prFiles: [
        { filename: "hardware/board.kicad_sch", patch },
        { filename: "brief.md", patch: "@@ -0,0 +1 @@\n+# x" },
      ],
    });
    app.record("post", "/repos/octo-org/octo-repo/pulls/101/reviews", { id: 1 });
    // The stage's design diff (app/diff/post-stage-diff.ts): this run left none.
    noSettings(app.api);
    app.api
      .get(`${REPO}/actions/runs/99/artifacts`)
      .query({ per_page: 100 })
      .reply(200, { total_count: 0, artifacts: [] });
    await app.send(
      "workflow_job",
      workflowJob(
        TARGET,
        run,
        { id: 5, name: "copperhead / schematic", status: "completed", conclusion: "failure" },
        "completed",
      ),
    );
    done(app);
    const review = app.writes.find((w) => w.path.endsWith("/reviews"))!;
    expect(review.body).toMatchObject({ event: "COMMENT", commit_id: HEAD });
    expect(app.writes).toMatchSnapshot();
  });

  test("jobs of other workflows, or not named for a stage, are not ours: no request", async () => {
    const app = await nockApp();
    await app.send(
      "workflow_job",
      workflowJob(
        TARGET,
        run,
        { id: 5, name: "build", status: "completed", conclusion: "success" },
        "completed",
      ),
    );
    const other = workflowJob(
      TARGET,
      run,
      { id: 6, name: "copperhead / spec", status: "completed", conclusion: "success" },
      "completed",
    );
    other.workflow_job.workflow_name = "CI";
    await app.send("workflow_job", other);
    done(app);
    expect(app.writes).toEqual([]);
  });
});
