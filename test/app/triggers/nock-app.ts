import { randomUUID } from "node:crypto";
import nock from "nock";
import { Probot } from "probot";
import { copperheadApp } from "../../../app/app.js";
import { WorkQueue } from "../../../app/work-queue.js";
import { fastOctokit } from "../harness.js";

export const API = "https://api.github.com";
export const REPO = "/repos/octo-org/octo-repo";
export const TARGET = { owner: "octo-org", repo: "octo-repo", defaultBranch: "main" };
export const IDENTITY = { id: 4242, slug: "copperhead-test", botLogin: "copperhead-test[bot]" };

export interface NockApp {
  api: nock.Scope;
  errors: unknown[];
  /** Bodies of the writes matched by `record()`, in order. */
  writes: Array<{ method: string; path: string; body: unknown }>;
  /** An interceptor that matches any body and records it for a snapshot assertion. */
  record(
    method: "post" | "patch" | "put",
    path: string | RegExp,
    reply: unknown,
    status?: number,
    times?: number,
  ): nock.Scope;
  send(name: string, payload: unknown): Promise<void>;
}

/**
 * Probot with a token (no App JWT) and GitHub mocked by nock with `disableNetConnect()`: a
 * request nothing intercepts fails the queued job, and every test ends with no pending mock.
 */
export async function nockApp(): Promise<NockApp> {
  nock.disableNetConnect();
  const errors: unknown[] = [];
  const queue = new WorkQueue((e) => errors.push(e));
  let n = 0;
  const probot = new Probot({ githubToken: "test", logLevel: "fatal", Octokit: fastOctokit });
  await probot.load(
    copperheadApp({ queue, identity: async () => IDENTITY, newId: () => `req${++n}` }),
  );
  const api = nock(API);
  const writes: NockApp["writes"] = [];
  return {
    api,
    errors,
    writes,
    record(method, path, reply, status = 200, times = 1) {
      return api[method](path, (body: unknown) => {
        writes.push({ method: method.toUpperCase(), path: String(path), body });
        return true;
      })
        .times(times)
        .reply(status, reply as nock.Body);
    },
    async send(name, payload) {
      await probot.receive({ id: randomUUID(), name, payload } as Parameters<Probot["receive"]>[0]);
      await queue.idle();
    },
  };
}

/** Probot's config API: no `.github/copperhead.yml` in the repo or the owner's `.github` repo. */
export function noSettings(api: nock.Scope): void {
  api.get(`${REPO}/contents/.github%2Fcopperhead.yml`).reply(404);
  api.get("/repos/octo-org/.github/contents/.github%2Fcopperhead.yml").reply(404);
}

export function done(app: NockApp): void {
  if (app.errors.length > 0) throw app.errors[0];
  const pending = nock.pendingMocks();
  nock.cleanAll();
  if (pending.length > 0) throw new Error(`requests the App never made: ${pending.join(", ")}`);
}

export interface RefreshMocks {
  branch: string;
  head: string;
  /** Outcome files under .copperhead/runs (path → JSON text); none: the branch has no outcomes. */
  outcomes?: Record<string, string>;
  run?: { id: number; status: string; conclusion: string | null };
  jobs?: Array<{ name: string; status: string; conclusion: string | null }>;
  pr?: number;
  /** Issue the tracker is on, and its existing tracker comment. */
  trackerIssue: number;
  tracker?: { id: number; body: string };
  /** Files read for finding lines (path → text). */
  files?: Record<string, string>;
  prFiles?: Array<{ filename: string; patch?: string }>;
}

const enc = (path: string) => path.split("/").map(encodeURIComponent).join("%2F");

/** Every read a refresh of a design branch makes, with the writes recorded. */
export function refreshMocks(app: NockApp, m: RefreshMocks): void {
  const { api } = app;
  const ref = new RegExp(`/git/ref/heads(%2F|/)${m.branch.split("/").join("(%2F|/)")}$`);
  api.get(ref).reply(200, { object: { sha: m.head } });
  const outcomes = Object.entries(m.outcomes ?? {});
  if (outcomes.length === 0) {
    api.get(`${REPO}/git/trees/${m.head}`).reply(200, { tree: [] });
  } else {
    api
      .get(`${REPO}/git/trees/${m.head}`)
      .reply(200, { tree: [{ path: ".copperhead", type: "tree", sha: "d1".padEnd(40, "0") }] });
    api
      .get(`${REPO}/git/trees/${"d1".padEnd(40, "0")}`)
      .reply(200, { tree: [{ path: "runs", type: "tree", sha: "d2".padEnd(40, "0") }] });
    api
      .get(`${REPO}/git/trees/${"d2".padEnd(40, "0")}`)
      .query({ recursive: "1" })
      .reply(200, {
        tree: outcomes.map(([path], i) => ({
          path: path.replace(".copperhead/runs/", ""),
          type: "blob",
          sha: String(i).padStart(40, "e"),
        })),
      });
    // Only the newest attempt of each stage is read.
    const newest = new Map<string, number>();
    outcomes.forEach(([path], i) => {
      const [, stage, attempt] = /runs\/([a-z]+)\/(\d+)\//.exec(path)!;
      const known = newest.get(stage!);
      if (
        known === undefined ||
        Number(/\/(\d+)\//.exec(outcomes[known]![0])![1]) < Number(attempt)
      )
        newest.set(stage!, i);
    });
    for (const i of newest.values())
      api.get(`${REPO}/git/blobs/${String(i).padStart(40, "e")}`).reply(200, {
        encoding: "base64",
        content: Buffer.from(outcomes[i]![1]).toString("base64"),
      });
  }
  const runs = m.run
    ? [
        {
          ...m.run,
          display_title: `copperhead ${m.branch} [d-x]`,
          html_url: `https://github.com/octo-org/octo-repo/actions/runs/${m.run.id}`,
          head_sha: m.head,
          event: "workflow_dispatch",
        },
      ]
    : [];
  api
    .get(`${REPO}/actions/workflows/copperhead.yml/runs`)
    .query({ branch: m.branch, per_page: 20 })
    .reply(200, { total_count: runs.length, workflow_runs: runs });
  const pulls = m.pr
    ? [
        {
          number: m.pr,
          state: "open",
          merged_at: null,
          html_url: `https://github.com/octo-org/octo-repo/pull/${m.pr}`,
          head: { ref: m.branch, sha: m.head, repo: { full_name: "octo-org/octo-repo" } },
          base: { ref: "main" },
        },
      ]
    : [];
  api
    .get(`${REPO}/pulls`)
    .query({ head: `octo-org:${m.branch}`, state: "all", per_page: 20 })
    .reply(200, pulls);
  if (m.run)
    api
      .get(`${REPO}/actions/runs/${m.run.id}/jobs`)
      .query({ filter: "latest", per_page: 100 })
      .reply(200, {
        total_count: m.jobs?.length ?? 0,
        jobs: (m.jobs ?? []).map((j, i) => ({
          ...j,
          id: i + 1,
          html_url: `https://github.com/octo-org/octo-repo/actions/runs/${m.run!.id}/job/${i + 1}`,
        })),
      });
  for (const [path, text] of Object.entries(m.files ?? {}))
    api
      .get(`${REPO}/contents/${enc(path)}`)
      .query({ ref: m.head })
      .reply(200, {
        type: "file",
        sha: "f".repeat(40),
        content: Buffer.from(text).toString("base64"),
      });
  api
    .get(`${REPO}/commits/${m.head}/check-runs`)
    .query({ per_page: 100, filter: "latest" })
    .reply(200, { total_count: 0, check_runs: [] });
  app.record("post", `${REPO}/check-runs`, { id: 1 }, 201, 11);
  if (m.pr) {
    api.get(`${REPO}/pulls/${m.pr}/reviews`).query({ per_page: 100 }).reply(200, []);
    api.post("/graphql").reply(200, {
      data: {
        repository: {
          pullRequest: {
            reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] },
          },
        },
      },
    });
    if (m.prFiles)
      api.get(`${REPO}/pulls/${m.pr}/files`).query({ per_page: 100 }).reply(200, m.prFiles);
  }
  api
    .get(`${REPO}/issues/${m.trackerIssue}/comments`)
    .query({ per_page: 100 })
    .reply(
      200,
      m.tracker
        ? [
            {
              id: m.tracker.id,
              body: m.tracker.body,
              user: { login: IDENTITY.botLogin },
              html_url: "x",
            },
          ]
        : [],
    );
  if (m.tracker)
    app.record("patch", `${REPO}/issues/comments/${m.tracker.id}`, { id: m.tracker.id });
  else
    app.record(
      "post",
      `${REPO}/issues/${m.trackerIssue}/comments`,
      { id: 1, body: "", user: { login: IDENTITY.botLogin }, html_url: "x" },
      201,
    );
}

/**
 * What checking a commit reads before it dispatches, on a branch that is not a design and has
 * no outcomes: the tree, the design runs, the PR, and whether the check workflow exists.
 */
export function checkCommitReads(api: nock.Scope, branch: string, sha: string): void {
  api.get(`${REPO}/git/trees/${sha}`).reply(200, { tree: [] });
  api
    .get(`${REPO}/actions/workflows/copperhead.yml/runs`)
    .query({ branch, per_page: 20 })
    .reply(200, { total_count: 0, workflow_runs: [] });
  api
    .get(`${REPO}/pulls`)
    .query({ head: `octo-org:${branch}`, state: "all", per_page: 20 })
    .reply(200, []);
  api
    .get(`${REPO}/actions/workflows/copperhead-check.yml`)
    .reply(200, { path: ".github/workflows/copperhead-check.yml", state: "active" });
}
