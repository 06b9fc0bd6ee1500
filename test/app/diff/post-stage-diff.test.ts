import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import {
  placeStageDiffs,
  renderStageDiff,
  STAGE_DIFFS_START,
  withStageDiff,
} from "../../../app/render/diff-tracker.js";
import { diffArtifact, diffResult } from "../fixtures/diff-results.js";
import { makeOutcome } from "../fixtures/outcomes.js";
import { workflowJob } from "../fixtures/payloads.js";
import {
  done,
  IDENTITY,
  nockApp,
  noSettings,
  REPO,
  refreshMocks,
  TARGET,
} from "../triggers/nock-app.js";

afterEach(() => nock.cleanAll());

const BRANCH = "copperhead/issue-7";
const HEAD = "9".repeat(40);
const STAGE_COMMIT = "8".repeat(40);
const ASSETS = "c".repeat(40);
const OLD_TRACKER = "<!-- copperhead:tracker v1 -->\nold\n\n<sub>footer</sub>";
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

/** Run 99 left its outcome and the schematic's diff artifact, downloaded through a redirect. */
function stageArtifact(api: nock.Scope, zip: Uint8Array) {
  api
    .get(`${REPO}/actions/runs/99/artifacts`)
    .query({ per_page: 100 })
    .reply(200, {
      total_count: 2,
      artifacts: [
        { id: 11, name: "outcome-schematic", size_in_bytes: 10, expired: false },
        {
          id: 12,
          name: "copperhead-diff-schematic",
          size_in_bytes: zip.byteLength,
          expired: false,
        },
      ],
    });
  api
    .get(`${REPO}/actions/artifacts/12/zip`)
    .reply(302, undefined, { location: "https://pipelines.example.invalid/a-12.zip" });
  nock("https://pipelines.example.invalid")
    .get("/a-12.zip")
    .reply(200, Buffer.from(zip), { "content-type": "application/zip" });
}

/** The schematic job of run 99 finished. */
const schematicDone = () =>
  workflowJob(
    TARGET,
    run,
    { id: 5, name: "copperhead / schematic", status: "completed", conclusion: "success" },
    "completed",
  );

describe("a stage's commit", () => {
  test("gets its diff as a block of the tracker's design-diff section, pictures on the assets ref; the refresh after keeps it", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    const result = diffResult({ sha: STAGE_COMMIT, base: HEAD, pr: null, stage: "schematic" });
    stageArtifact(api, diffArtifact(result));
    api
      .get(`${REPO}/issues/7/comments`)
      .query({ per_page: 100 })
      .reply(200, [
        { id: 500, body: OLD_TRACKER, user: { login: IDENTITY.botLogin }, html_url: "x" },
      ]);
    api
      .get(new RegExp(`/git/ref/copperhead(%2F|/)assets(%2F|/)7(%2F|/)${STAGE_COMMIT}$`))
      .reply(404, { message: "Not Found" });
    api
      .post(`${REPO}/git/blobs`)
      .times(2)
      .reply(201, { sha: "a".repeat(40) });
    api.post(`${REPO}/git/trees`).reply(201, { sha: "7".repeat(40) });
    api.post(`${REPO}/git/commits`).reply(201, { sha: ASSETS });
    app.record("post", `${REPO}/git/refs`, { object: { sha: ASSETS } }, 201);
    app.record("patch", `${REPO}/issues/comments/500`, { id: 500 });

    const block = renderStageDiff("schematic", result.report, {
      sha: STAGE_COMMIT,
      runUrl: "https://github.com/octo-org/octo-repo/actions/runs/99",
      imageUrl: (f) => `https://github.com/octo-org/octo-repo/raw/${ASSETS}/${f}`,
    });
    const withDiff = placeStageDiffs(OLD_TRACKER, withStageDiff(null, "schematic", block));
    // The refresh that follows re-renders the tracker from the branch, reading the edited one.
    noSettings(api);
    refreshMocks(app, {
      branch: BRANCH,
      head: STAGE_COMMIT,
      outcomes: {
        ".copperhead/runs/schematic/1/outcome.json": JSON.stringify(makeOutcome("schematic", 1)),
      },
      run: { id: 99, status: "in_progress", conclusion: null },
      jobs: [{ name: "copperhead / schematic", status: "completed", conclusion: "success" }],
      trackerIssue: 7,
      tracker: { id: 500, body: withDiff },
    });
    await app.send("workflow_job", schematicDone());
    done(app);
    const ref = app.writes.find((w) => w.path.endsWith("/git/refs"))!;
    expect(ref.body).toEqual({ ref: `refs/copperhead/assets/7/${STAGE_COMMIT}`, sha: ASSETS });
    const edits = app.writes.filter((w) => w.path.endsWith("/issues/comments/500"));
    expect(edits).toHaveLength(2);
    expect(edits[0]!.body).toEqual({ body: withDiff });
    expect(withDiff).toContain("| changed | value | R11 | 22K | 47K |");
    expect(withDiff).toContain(`raw/${ASSETS}/sheet-root-1.png`);
    const refreshed = (edits[1]!.body as { body: string }).body;
    expect(refreshed).toContain("### copperhead · design for issue #7");
    expect(refreshed).toContain(block);
    expect(refreshed.indexOf(STAGE_DIFFS_START)).toBeLessThan(refreshed.lastIndexOf("<sub>"));
  });

  test("a diff that names another stage is refused: no ref, the tracker only refreshed", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    stageArtifact(api, diffArtifact(diffResult({ sha: STAGE_COMMIT, pr: null, stage: "layout" })));
    noSettings(api);
    refreshMocks(app, {
      branch: BRANCH,
      head: HEAD,
      run: { id: 99, status: "in_progress", conclusion: null },
      jobs: [],
      trackerIssue: 7,
      tracker: { id: 500, body: OLD_TRACKER },
    });
    await app.send("workflow_job", schematicDone());
    done(app);
    const edits = app.writes.filter((w) => w.path.endsWith("/issues/comments/500"));
    expect(edits).toHaveLength(1);
    expect((edits[0]!.body as { body: string }).body).not.toContain(STAGE_DIFFS_START);
    expect(app.writes.some((w) => w.path.includes("/git/"))).toBe(false);
  });
});

describe("the tracker's design-diff section", () => {
  const report = diffResult({ sha: STAGE_COMMIT, pr: null, stage: "schematic" }).report;
  const target = { sha: STAGE_COMMIT, runUrl: "https://x.invalid/run" };

  test("one block per stage in flow order; a stage's newer diff replaces its older block", () => {
    const layout = renderStageDiff("layout", report, target);
    const first = withStageDiff(null, "layout", layout);
    const older = renderStageDiff("schematic", report, { ...target, sha: "1".repeat(40) });
    const both = withStageDiff(first, "schematic", older);
    expect(both.indexOf("<b>schematic</b>")).toBeLessThan(both.indexOf("<b>layout</b>"));
    const newer = renderStageDiff("schematic", report, target);
    const replaced = withStageDiff(both, "schematic", newer);
    expect(replaced.match(/<b>schematic<\/b>/g)).toHaveLength(1);
    expect(replaced).toContain(newer);
    expect(replaced).not.toContain("111111111111");
    expect(replaced).toMatchSnapshot();
  });

  test("re-placing the section into a fresh tracker keeps `$` text literal and the footer last", () => {
    const dollar = diffResult({ sha: STAGE_COMMIT, pr: null }, [
      { kind: "value-changed", ref: "R1", before: "$&", after: "$1" },
    ]).report;
    const region = withStageDiff(null, "schematic", renderStageDiff("schematic", dollar, target));
    const once = placeStageDiffs("tracker\n\n<sub>footer</sub>", region);
    expect(once).toContain("| changed | value | R1 | $&amp; | $1 |");
    expect(once.endsWith("<sub>footer</sub>")).toBe(true);
    expect(placeStageDiffs(once, region)).toBe(once);
  });
});
