import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { pullRequest } from "../fixtures/payloads.js";
import { checkCommitReads, done, nockApp, noSettings, REPO, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const SHA = "7".repeat(40);

describe("pull_request.synchronize", () => {
  test("a person's push: the check workflow is dispatched for that commit and the design checks say so", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    // Not a design branch and no outcomes on the commit: no stage checks.
    checkCommitReads(api, "feature", SHA);
    api
      .post(`${REPO}/actions/workflows/copperhead-check.yml/dispatches`, {
        ref: "feature",
        inputs: { sha: SHA, pr: "55", request_id: `k-${SHA}-55-req1` },
        return_run_details: true,
      })
      .reply(204);
    api
      .get(`${REPO}/commits/${SHA}/check-runs`)
      .query({ per_page: 100, filter: "latest" })
      .reply(200, { total_count: 0, check_runs: [] });
    app.record("post", `${REPO}/check-runs`, { id: 1 }, 201, 3);
    await app.send(
      "pull_request",
      pullRequest(TARGET, {
        action: "synchronize",
        number: 55,
        headRef: "feature",
        headSha: SHA,
        sender: "hubot",
      }),
    );
    done(app);
    expect(app.writes).toMatchSnapshot();
  });

  test("a fork's pull request, or the App's own push, makes no request at all", async () => {
    const app = await nockApp();
    await app.send(
      "pull_request",
      pullRequest(TARGET, {
        action: "synchronize",
        number: 77,
        headRef: "patch-1",
        headSha: SHA,
        headRepo: "eve/octo-repo",
        sender: "eve",
      }),
    );
    await app.send(
      "pull_request",
      pullRequest(TARGET, {
        action: "synchronize",
        number: 9,
        headRef: "copperhead/issue-9",
        headSha: SHA,
        sender: "copperhead-test[bot]",
        type: "Bot",
      }),
    );
    done(app);
    expect(app.writes).toEqual([]);
  });
});
