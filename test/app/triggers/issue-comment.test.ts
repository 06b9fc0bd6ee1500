import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { issueComment } from "../fixtures/payloads.js";
import { done, nockApp, noSettings, REPO, refreshMocks, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const HEAD = "4".repeat(40);
const branchRef = /\/git\/ref\/heads(%2F|\/)copperhead(%2F|\/)issue-7$/;

describe("issue_comment.created", () => {
  test("/copperhead retry layout by a writer: 👀, permission, a fresh dispatch of the stage, 🚀, the tracker refreshed", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    app.record("post", `${REPO}/issues/comments/31/reactions`, { id: 1, content: "eyes" }, 201);
    api
      .get(`${REPO}/collaborators/hubot/permission`)
      .reply(200, { permission: "write", role_name: "write" });
    api.get(branchRef).reply(200, { object: { sha: HEAD } });
    api
      .get(`${REPO}/actions/workflows/copperhead.yml/runs`)
      .query({ branch: "copperhead/issue-7", per_page: 20 })
      .reply(200, {
        total_count: 1,
        workflow_runs: [
          {
            id: 90,
            status: "completed",
            conclusion: "failure",
            display_title: "x",
            html_url: "x",
            head_sha: HEAD,
            event: "workflow_dispatch",
          },
        ],
      });
    api
      .post(`${REPO}/actions/workflows/copperhead.yml/dispatches`, {
        ref: "copperhead/issue-7",
        inputs: { branch: "copperhead/issue-7", stage: "layout", request_id: "d-req1" },
        return_run_details: true,
      })
      .reply(204);
    app.record("post", `${REPO}/issues/comments/31/reactions`, { id: 2, content: "rocket" }, 201);
    refreshMocks(app, {
      branch: "copperhead/issue-7",
      head: HEAD,
      run: { id: 91, status: "queued", conclusion: null },
      pr: 101,
      trackerIssue: 7,
      tracker: { id: 500, body: "<!-- copperhead:tracker v1 -->\nold" },
    });
    await app.send(
      "issue_comment",
      issueComment(TARGET, {
        issue: 7,
        body: "/copperhead retry layout\n\n> quoted /copperhead stop",
        login: "hubot",
        id: 31,
      }),
    );
    done(app);
    expect(app.writes.slice(0, 2).map((w) => w.body)).toEqual([
      { content: "eyes" },
      { content: "rocket" },
    ]);
    expect(app.writes).toMatchSnapshot();
  });

  test("a reader's command: 👀 and a polite refusal, nothing dispatched", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    app.record("post", `${REPO}/issues/comments/32/reactions`, { id: 1 }, 201);
    api
      .get(`${REPO}/collaborators/lisa/permission`)
      .reply(200, { permission: "read", role_name: "triage" });
    app.record(
      "post",
      `${REPO}/issues/7/comments`,
      { id: 9, body: "", user: { login: "copperhead-test[bot]" }, html_url: "x" },
      201,
    );
    await app.send(
      "issue_comment",
      issueComment(TARGET, { issue: 7, body: "/copperhead stop", login: "lisa", id: 32 }),
    );
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("bots, edits and comments that are not commands make no request", async () => {
    const app = await nockApp();
    await app.send(
      "issue_comment",
      issueComment(TARGET, {
        issue: 7,
        body: "/copperhead retry",
        login: "copperhead-test[bot]",
        type: "Bot",
        id: 1,
      }),
    );
    await app.send(
      "issue_comment",
      issueComment(TARGET, {
        issue: 7,
        body: "/copperhead retry",
        login: "hubot",
        id: 2,
        action: "edited",
      }),
    );
    await app.send(
      "issue_comment",
      issueComment(TARGET, {
        issue: 7,
        body: "looks good; /copperhead retry later",
        login: "hubot",
        id: 3,
      }),
    );
    done(app);
    expect(app.writes).toEqual([]);
  });
});
