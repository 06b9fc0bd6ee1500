import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { issueLabeled } from "../fixtures/payloads.js";
import { done, nockApp, noSettings, REPO, refreshMocks, TARGET } from "./nock-app.js";

const BASE = "a".repeat(40);
const BRIEF_COMMIT = "b".repeat(40);
const branchRef = /\/git\/ref\/heads(%2F|\/)copperhead(%2F|\/)issue-7$/;

afterEach(() => nock.cleanAll());

const labelled = (sender = "mona") =>
  issueLabeled(TARGET, {
    number: 7,
    title: "LED blinker",
    body: "A 555 blinker.",
    label: "hardware-brief",
    sender,
  });

function pull(head: string) {
  return {
    number: 101,
    state: "open",
    merged_at: null,
    html_url: "https://github.com/octo-org/octo-repo/pull/101",
    head: { ref: "copperhead/issue-7", sha: head, repo: { full_name: "octo-org/octo-repo" } },
    base: { ref: "main" },
  };
}

describe("issues.labeled / issues.opened", () => {
  test("a triage user's label: branch, brief.md, draft PR, dispatch, then checks and the tracker — every request and body", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    api
      .get(`${REPO}/collaborators/mona/permission`)
      .reply(200, { permission: "read", role_name: "triage" });
    api
      .get(`${REPO}/actions/workflows/copperhead.yml`)
      .reply(200, { path: ".github/workflows/copperhead.yml", state: "active" });
    api.get(branchRef).reply(404);
    api.get(/\/git\/ref\/heads(%2F|\/)main$/).reply(200, { object: { sha: BASE } });
    api
      .post(`${REPO}/git/refs`, { ref: "refs/heads/copperhead/issue-7", sha: BASE })
      .reply(201, {});
    api.get(branchRef).reply(200, { object: { sha: BASE } });
    api.get(`${REPO}/contents/brief.md`).query({ ref: BASE }).reply(404);
    app.record(
      "put",
      `${REPO}/contents/brief.md`,
      { commit: { sha: BRIEF_COMMIT }, content: {} },
      201,
    );
    api
      .get(`${REPO}/pulls`)
      .query({ head: "octo-org:copperhead/issue-7", state: "all", per_page: 20 })
      .reply(200, []);
    app.record("post", `${REPO}/pulls`, pull(BRIEF_COMMIT), 201);
    api
      .get(`${REPO}/actions/workflows/copperhead.yml/runs`)
      .query({ branch: "copperhead/issue-7", per_page: 20 })
      .reply(200, { total_count: 0, workflow_runs: [] });
    api
      .post(`${REPO}/actions/workflows/copperhead.yml/dispatches`, {
        ref: "copperhead/issue-7",
        inputs: { branch: "copperhead/issue-7", stage: "", request_id: "d-req1" },
        return_run_details: true,
      })
      .reply(200, {
        workflow_run_id: 99,
        html_url: "https://github.com/octo-org/octo-repo/actions/runs/99",
      });
    refreshMocks(app, {
      branch: "copperhead/issue-7",
      head: BRIEF_COMMIT,
      run: { id: 99, status: "queued", conclusion: null },
      pr: 101,
      trackerIssue: 7,
    });

    await app.send("issues", labelled());
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("a label by someone without the starters role: one polite comment, nothing else", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    api
      .get(`${REPO}/collaborators/lisa/permission`)
      .reply(200, { permission: "read", role_name: "read" });
    api.get(`${REPO}/issues/7/comments`).query({ per_page: 100 }).reply(200, []);
    app.record(
      "post",
      `${REPO}/issues/7/comments`,
      { id: 1, body: "", user: { login: "copperhead-test[bot]" }, html_url: "x" },
      201,
    );
    await app.send("issues", labelled("lisa"));
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("another label, a pull request's label, or a bot's label makes no request at all beyond reading settings", async () => {
    const app = await nockApp();
    noSettings(app.api);
    const other = issueLabeled(TARGET, {
      number: 7,
      title: "x",
      body: "",
      label: "bug",
      sender: "mona",
    });
    await app.send("issues", other);
    const bot = labelled("renovate[bot]");
    bot.sender.type = "Bot";
    await app.send("issues", bot);
    done(app);
    expect(app.writes).toEqual([]);
  });
});
