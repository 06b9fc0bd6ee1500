import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { renderDiffComment } from "../../../app/render/diff-comment.js";
import { DIFF_MARKER } from "../../../app/render/markers.js";
import { checkArtifact, checkReport } from "../fixtures/check-results.js";
import { diffArtifact, diffResult, PICTURES } from "../fixtures/diff-results.js";
import { workflowRun } from "../fixtures/payloads.js";
import {
  done,
  IDENTITY,
  type NockApp,
  nockApp,
  noSettings,
  REPO,
  TARGET,
} from "../triggers/nock-app.js";

afterEach(() => nock.cleanAll());

const FORK = "eve/octo-repo";
const RUNS = "https://github.com/octo-org/octo-repo/actions/runs";
const blobSha = (i: number) => String(i).padStart(40, "a");
const TREE = "7".repeat(40);
const ASSETS = (n: number) => `${n}`.padStart(40, "c");

interface Finished {
  run: number;
  sha: string;
  pr: number;
  /** The run is the unprivileged pull_request workflow of a fork's PR. */
  fork?: boolean;
  diff: Uint8Array | null;
}

/** GitHub answers an artifact download with a redirect to its storage. */
function download(api: nock.Scope, id: number, zip: Uint8Array) {
  api
    .get(`${REPO}/actions/artifacts/${id}/zip`)
    .reply(302, undefined, { location: `https://pipelines.example.invalid/artifact-${id}.zip` });
  nock("https://pipelines.example.invalid")
    .get(`/artifact-${id}.zip`)
    .reply(200, Buffer.from(zip), { "content-type": "application/zip" });
}

/** Everything postCheckResult reads and writes for a trusted result (GitHub's side, nocked). */
function checkMocks(app: NockApp, f: Finished) {
  const { api } = app;
  noSettings(api);
  const check = checkArtifact({
    schema: 1,
    repository: "octo-org/octo-repo",
    sha: f.sha,
    pr: f.pr,
    report: checkReport(),
  });
  api
    .get(`${REPO}/actions/runs/${f.run}/artifacts`)
    .query({ per_page: 100 })
    .reply(200, {
      total_count: 2,
      artifacts: [
        { id: 8, name: "copperhead-check", size_in_bytes: check.byteLength, expired: false },
        ...(f.diff
          ? [{ id: 9, name: "copperhead-diff", size_in_bytes: f.diff.byteLength, expired: false }]
          : []),
      ],
    });
  download(api, 8, check);
  if (f.fork)
    api.get(`${REPO}/pulls/${f.pr}`).reply(200, {
      number: f.pr,
      state: "open",
      merged_at: null,
      html_url: `https://github.com/octo-org/octo-repo/pull/${f.pr}`,
      head: { ref: "patch-1", sha: f.sha, repo: { full_name: FORK } },
      base: { ref: "main" },
    });
  api.get(`${REPO}/contents/hardware%2Fboard.kicad_sch`).query({ ref: f.sha }).reply(404);
  api
    .get(`${REPO}/commits/${f.sha}/check-runs`)
    .query({ per_page: 100, filter: "latest" })
    .reply(200, { total_count: 0, check_runs: [] });
  app.record("post", `${REPO}/check-runs`, { id: 1 }, 201, 3);
  if (f.diff) download(api, 9, f.diff);
}

/** The assets ref does not exist yet: two blobs, a tree, a parentless commit, the ref. */
function assetMocks(app: NockApp, f: Finished, commit: string, raced = false) {
  const ref = new RegExp(`/git/ref/copperhead(%2F|/)assets(%2F|/)${f.pr}(%2F|/)${f.sha}$`);
  app.api.get(ref).reply(404, { message: "Not Found" });
  let blobs = 0;
  app.api
    .post(`${REPO}/git/blobs`, (body: unknown) => {
      app.writes.push({ method: "POST", path: "blobs", body });
      return true;
    })
    .times(2)
    .reply(201, () => ({ sha: blobSha(++blobs) }));
  app.record("post", `${REPO}/git/trees`, { sha: TREE }, 201);
  app.record("post", `${REPO}/git/commits`, { sha: commit }, 201);
  if (!raced) {
    app.record("post", `${REPO}/git/refs`, { ref: "x", object: { sha: commit } }, 201);
    return;
  }
  // Another delivery created the ref meanwhile: GitHub says 422, the ref is moved instead.
  app.record("post", `${REPO}/git/refs`, { message: "Reference already exists" }, 422);
  const path = new RegExp(`/git/refs/copperhead(%2F|/)assets(%2F|/)${f.pr}(%2F|/)${f.sha}$`);
  app.record("patch", path, { ref: "x", object: { sha: commit } });
}

/** The PR has no diff comment of the App's among `existing`: one is posted. */
function firstComment(app: NockApp, pr: number, existing: unknown[]) {
  app.api.get(`${REPO}/issues/${pr}/comments`).query({ per_page: 100 }).reply(200, existing);
  app.record(
    "post",
    `${REPO}/issues/${pr}/comments`,
    { id: 900, body: "", user: { login: IDENTITY.botLogin }, html_url: "x" },
    201,
  );
}

async function finish(app: NockApp, f: Finished) {
  const path = f.fork
    ? ".github/workflows/copperhead-pr.yml"
    : ".github/workflows/copperhead-check.yml";
  await app.send(
    "workflow_run",
    workflowRun(
      TARGET,
      {
        id: f.run,
        path,
        headBranch: f.fork ? "patch-1" : "feature",
        headSha: f.sha,
        event: f.fork ? "pull_request" : "workflow_dispatch",
        status: "completed",
        conclusion: "success",
        displayTitle: f.fork ? "from a fork" : `copperhead check x [k-${f.sha}-${f.pr}-abc]`,
      },
      "completed",
      f.fork ? { headRepo: FORK } : {},
    ),
  );
}

const diffWrites = (app: NockApp) => app.writes.filter((w) => !w.path.endsWith("/check-runs"));
const imageUrl = (commit: string) => (file: string) =>
  `https://github.com/octo-org/octo-repo/raw/${commit}/${file}`;

describe("the design diff of a person's push", () => {
  test("the first push gets one diff comment, its pictures on refs/copperhead/assets/<pr>/<sha>; the second push edits that comment", async () => {
    const first = "5".repeat(40);
    const a = await nockApp();
    const f1: Finished = {
      run: 321,
      sha: first,
      pr: 55,
      diff: diffArtifact(diffResult({ sha: first, pr: 55 })),
    };
    checkMocks(a, f1);
    assetMocks(a, f1, ASSETS(1));
    // Someone else's comment that copies the marker is never the App's to edit.
    firstComment(a, 55, [
      { id: 77, body: `${DIFF_MARKER}\nfake`, user: { login: "mallory" }, html_url: "x" },
    ]);
    await finish(a, f1);
    done(a);
    const body1 = renderDiffComment(diffResult({ sha: first, pr: 55 }).report, {
      sha: first,
      runUrl: `${RUNS}/321`,
      imageUrl: imageUrl(ASSETS(1)),
    });
    expect(diffWrites(a)).toEqual([
      {
        method: "POST",
        path: "blobs",
        body: {
          content: Buffer.from(PICTURES["sheet-root-1.png"]).toString("base64"),
          encoding: "base64",
        },
      },
      {
        method: "POST",
        path: "blobs",
        body: {
          content: Buffer.from(PICTURES["sheet-root.png"]).toString("base64"),
          encoding: "base64",
        },
      },
      {
        method: "POST",
        path: `${REPO}/git/trees`,
        body: {
          tree: [
            { path: "sheet-root-1.png", mode: "100644", type: "blob", sha: blobSha(1) },
            { path: "sheet-root.png", mode: "100644", type: "blob", sha: blobSha(2) },
          ],
        },
      },
      {
        method: "POST",
        path: `${REPO}/git/commits`,
        body: {
          message: `copperhead: design diff pictures of ${first.slice(0, 12)} for #55`,
          tree: TREE,
          parents: [],
        },
      },
      {
        method: "POST",
        path: `${REPO}/git/refs`,
        body: { ref: `refs/copperhead/assets/55/${first}`, sha: ASSETS(1) },
      },
      { method: "POST", path: `${REPO}/issues/55/comments`, body: { body: body1 } },
    ]);
    expect(body1).toContain(
      `](https://github.com/octo-org/octo-repo/raw/${ASSETS(1)}/sheet-root-1.png)`,
    );
    expect(body1).toContain("| changed | value | R11 | 22K | 47K |");

    // The second push: a new commit, a new run, the same comment edited to the new diff.
    const second = "6".repeat(40);
    const b = await nockApp();
    const changes = [
      { kind: "value-changed" as const, ref: "R11", before: "22K", after: "47K" },
      { kind: "footprint-changed" as const, ref: "C2", before: "C_0603", after: "C_0805" },
    ];
    const f2: Finished = {
      run: 322,
      sha: second,
      pr: 55,
      diff: diffArtifact(diffResult({ sha: second, pr: 55 }, changes)),
    };
    checkMocks(b, f2);
    assetMocks(b, f2, ASSETS(2));
    b.api
      .get(`${REPO}/issues/55/comments`)
      .query({ per_page: 100 })
      .reply(200, [{ id: 900, body: body1, user: { login: IDENTITY.botLogin }, html_url: "x" }]);
    b.record("patch", `${REPO}/issues/comments/900`, { id: 900 });
    await finish(b, f2);
    done(b);
    const edit = diffWrites(b).at(-1)!;
    expect(edit.path).toBe(`${REPO}/issues/comments/900`);
    const body2 = (edit.body as { body: string }).body;
    expect(body2).toBe(
      renderDiffComment(diffResult({ sha: second, pr: 55 }, changes).report, {
        sha: second,
        runUrl: `${RUNS}/322`,
        imageUrl: imageUrl(ASSETS(2)),
      }),
    );
    expect(body2).toContain("| changed | footprint | C2 | C_0603 | C_0805 |");
    expect(
      diffWrites(b).filter((w) => w.path.includes("/comments") && w.method === "POST"),
    ).toEqual([]);
  });

  test("a redelivered run finds its assets ref and the unchanged comment: nothing is written again", async () => {
    const sha = "5".repeat(40);
    const app = await nockApp();
    const f: Finished = { run: 321, sha, pr: 55, diff: diffArtifact(diffResult({ sha, pr: 55 })) };
    checkMocks(app, f);
    app.api
      .get(new RegExp(`/git/ref/copperhead(%2F|/)assets(%2F|/)55(%2F|/)${sha}$`))
      .reply(200, { ref: `refs/copperhead/assets/55/${sha}`, object: { sha: ASSETS(1) } });
    const body = renderDiffComment(diffResult({ sha, pr: 55 }).report, {
      sha,
      runUrl: `${RUNS}/321`,
      imageUrl: imageUrl(ASSETS(1)),
    });
    app.api
      .get(`${REPO}/issues/55/comments`)
      .query({ per_page: 100 })
      .reply(200, [{ id: 900, body, user: { login: IDENTITY.botLogin }, html_url: "x" }]);
    await finish(app, f);
    done(app);
    expect(diffWrites(app)).toEqual([]);
  });

  test.each([
    ["about another commit", diffResult({ sha: "d".repeat(40), pr: 55 })],
    ["naming another pull request", diffResult({ sha: "5".repeat(40), pr: 56 })],
    [
      "naming another repository",
      diffResult({ sha: "5".repeat(40), pr: 55, repository: "eve/octo-repo" }),
    ],
    ["claiming to be a stage's", diffResult({ sha: "5".repeat(40), pr: 55, stage: "schematic" })],
    ["with the wrong schema", { ...diffResult({ sha: "5".repeat(40), pr: 55 }), schema: 2 }],
  ])("a diff artifact %s is refused: no ref, no comment", async (_what, result) => {
    const sha = "5".repeat(40);
    const app = await nockApp();
    checkMocks(app, { run: 321, sha, pr: 55, diff: diffArtifact(result) });
    await finish(app, { run: 321, sha, pr: 55, diff: null });
    done(app);
    expect(diffWrites(app)).toEqual([]);
  });
});

test("an assets ref another delivery created meanwhile is moved to this commit (force), and the comment posted", async () => {
  const sha = "5".repeat(40);
  const app = await nockApp();
  const f: Finished = { run: 321, sha, pr: 55, diff: diffArtifact(diffResult({ sha, pr: 55 })) };
  checkMocks(app, f);
  assetMocks(app, f, ASSETS(4), true);
  firstComment(app, 55, []);
  await finish(app, f);
  done(app);
  const moved = diffWrites(app).find((w) => w.method === "PATCH")!;
  expect(moved.body).toEqual({ sha: ASSETS(4), force: true });
  expect(JSON.stringify(diffWrites(app).at(-1)!.body)).toContain(`raw/${ASSETS(4)}/sheet-root.png`);
});

describe("the design diff of a fork's pull request", () => {
  test("computed by its unprivileged pull_request job (no secret, read-only token), posted by the App from the artifact", async () => {
    const sha = "e".repeat(40);
    const app = await nockApp();
    const f: Finished = {
      run: 400,
      sha,
      pr: 77,
      fork: true,
      diff: diffArtifact(diffResult({ sha, pr: 77 })),
    };
    checkMocks(app, f);
    assetMocks(app, f, ASSETS(3));
    firstComment(app, 77, []);
    await finish(app, f);
    done(app);
    const writes = diffWrites(app);
    expect(writes.find((w) => w.path.endsWith("/git/refs"))!.body).toEqual({
      ref: `refs/copperhead/assets/77/${sha}`,
      sha: ASSETS(3),
    });
    expect(writes.at(-1)).toEqual({
      method: "POST",
      path: `${REPO}/issues/77/comments`,
      body: {
        body: renderDiffComment(diffResult({ sha, pr: 77 }).report, {
          sha,
          runUrl: `${RUNS}/400`,
          imageUrl: imageUrl(ASSETS(3)),
        }),
      },
    });
  });

  test("a picture the JSON names but the zip lacks, or a file that is not a PNG, refuses the whole diff", async () => {
    const sha = "e".repeat(40);
    for (const files of [
      { "sheet-root.png": PICTURES["sheet-root.png"] },
      { ...PICTURES, "sheet-root-1.png": new TextEncoder().encode("<svg onload=alert(1)>") },
    ]) {
      const app = await nockApp();
      const f: Finished = {
        run: 400,
        sha,
        pr: 77,
        fork: true,
        diff: diffArtifact(diffResult({ sha, pr: 77 }), files),
      };
      checkMocks(app, f);
      await finish(app, f);
      done(app);
      expect(diffWrites(app)).toEqual([]);
    }
  });
});
