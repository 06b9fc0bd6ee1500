import nock from "nock";
import { afterEach, describe, expect, test } from "vitest";
import { checkRunRerequested } from "../fixtures/payloads.js";
import { checkCommitReads, done, IDENTITY, nockApp, noSettings, REPO, TARGET } from "./nock-app.js";

afterEach(() => nock.cleanAll());

const SHA = "7".repeat(40);

describe("check_run.rerequested", () => {
  test("Re-run on the App's check dispatches the check workflow for that commit", async () => {
    const app = await nockApp();
    const { api } = app;
    noSettings(api);
    api.get(`${REPO}/pulls/55`).reply(200, {
      number: 55,
      state: "open",
      merged_at: null,
      html_url: "x",
      head: { ref: "feature", sha: SHA, repo: { full_name: "octo-org/octo-repo" } },
      base: { ref: "main" },
    });
    checkCommitReads(api, "feature", SHA);
    app.record("post", `${REPO}/actions/workflows/copperhead-check.yml/dispatches`, {}, 204);
    api
      .get(`${REPO}/commits/${SHA}/check-runs`)
      .query({ per_page: 100, filter: "latest" })
      .reply(200, { total_count: 0, check_runs: [] });
    app.record("post", `${REPO}/check-runs`, { id: 1 }, 201, 3);
    await app.send(
      "check_run",
      checkRunRerequested(TARGET, {
        name: "copperhead / erc",
        headSha: SHA,
        appId: IDENTITY.id,
        pr: 55,
        headRef: "feature",
        sender: "hubot",
      }),
    );
    done(app);
    expect(app.writes[0]!.body).toEqual({
      ref: "feature",
      inputs: { sha: SHA, pr: "55", request_id: `k-${SHA}-55-req1` },
      return_run_details: true,
    });
    expect(app.writes).toMatchSnapshot();
  });

  test("another App's check is none of ours", async () => {
    const app = await nockApp();
    noSettings(app.api);
    await app.send(
      "check_run",
      checkRunRerequested(TARGET, {
        name: "build",
        headSha: SHA,
        appId: 15368,
        pr: 55,
        headRef: "feature",
        sender: "hubot",
      }),
    );
    done(app);
    expect(app.writes).toEqual([]);
  });
});
