import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { push } from "../fixtures/payloads.js";
import { done, nockApp, noSettings, REPO, refreshMocks, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const SHA = "3".repeat(40);
const brief = "# Sensor node\n\nA LoRa node.\n";

describe("push", () => {
  test("brief.md committed to the default branch: copperhead/brief, a draft PR, dispatch, the tracker on the PR", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    api
      .get(`${REPO}/contents/brief.md`)
      .query({ ref: SHA })
      .reply(200, {
        type: "file",
        sha: "b".repeat(40),
        content: Buffer.from(brief).toString("base64"),
      });
    api.get(`${REPO}/git/trees/${SHA}`).reply(200, { tree: [] });
    api
      .get(`${REPO}/collaborators/hubot/permission`)
      .reply(200, { permission: "write", role_name: "write" });
    api
      .get(`${REPO}/actions/workflows/copperhead.yml`)
      .reply(200, { path: ".github/workflows/copperhead.yml", state: "active" });
    api.get(/\/git\/ref\/heads(%2F|\/)copperhead(%2F|\/)brief$/).reply(404);
    app.record("post", `${REPO}/git/refs`, {}, 201);
    api
      .get(`${REPO}/contents/brief.md`)
      .query({ ref: SHA })
      .reply(200, {
        type: "file",
        sha: "b".repeat(40),
        content: Buffer.from(brief).toString("base64"),
      });
    api
      .get(`${REPO}/pulls`)
      .query({ head: "octo-org:copperhead/brief", state: "all", per_page: 20 })
      .reply(200, []);
    app.record(
      "post",
      `${REPO}/pulls`,
      {
        number: 12,
        state: "open",
        html_url: "x",
        head: { ref: "copperhead/brief", sha: SHA, repo: { full_name: "octo-org/octo-repo" } },
        base: { ref: "main" },
      },
      201,
    );
    api
      .get(`${REPO}/actions/workflows/copperhead.yml/runs`)
      .query({ branch: "copperhead/brief", per_page: 20 })
      .reply(200, { total_count: 0, workflow_runs: [] });
    app.record("post", `${REPO}/actions/workflows/copperhead.yml/dispatches`, {}, 204);
    refreshMocks(app, {
      branch: "copperhead/brief",
      head: SHA,
      run: { id: 5, status: "queued", conclusion: null },
      pr: 12,
      trackerIssue: 12,
    });
    await app.send(
      "push",
      push(TARGET, { ref: "refs/heads/main", after: SHA, touched: ["brief.md"], sender: "hubot" }),
    );
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("a tag, a branch other than the default, a branch deletion or a bot push makes no request", async () => {
    const app = await nockApp();
    await app.send(
      "push",
      push(TARGET, { ref: "refs/tags/v1", after: SHA, touched: ["brief.md"], sender: "hubot" }),
    );
    await app.send(
      "push",
      push(TARGET, { ref: "refs/heads/dev", after: SHA, touched: ["brief.md"], sender: "hubot" }),
    );
    const deleted = push(TARGET, {
      ref: "refs/heads/main",
      after: "0".repeat(40),
      touched: [],
      sender: "hubot",
    });
    deleted.deleted = true;
    await app.send("push", deleted);
    await app.send(
      "push",
      push(TARGET, {
        ref: "refs/heads/main",
        after: SHA,
        touched: ["brief.md"],
        sender: "ci[bot]",
        type: "Bot",
      }),
    );
    done(app);
    expect(app.writes).toEqual([]);
  });
});
