import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { runScripted } from "../fake-workflow.js";
import { makeOutcome, schematicText } from "../fixtures/outcomes.js";
import { issueComment, workflowRun } from "../fixtures/payloads.js";
import { type Harness, startHarness, startLedDesign } from "../harness.js";

let h: Harness;
const BRANCH = "copperhead/issue-7";

beforeEach(async () => {
  h = await startHarness({
    roles: { mona: "triage", hubot: "write", lisa: "read", octocat: "admin" },
  });
  await startLedDesign(h);
  expect(h.errors).toEqual([]);
});

afterEach(async () => {
  await h.stop();
});

/** A person's comment on the issue (or PR), delivered as GitHub would. */
async function say(
  body: string,
  login = "hubot",
  o: { issue?: number; pullRequest?: boolean; type?: string; action?: string } = {},
) {
  const issue = o.issue ?? 7;
  const c = h.fake.addComment(issue, login, body);
  await h.send(
    "issue_comment",
    issueComment(h.target, {
      issue,
      body,
      login,
      id: c.id,
      ...(o.pullRequest ? { pullRequest: true } : {}),
      ...(o.type ? { type: o.type } : {}),
      ...(o.action ? { action: o.action } : {}),
    }),
  );
  return c;
}

const dispatches = () =>
  h.fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/dispatches"));
const replies = () =>
  h.fake.comments.filter((c) => c.login === h.fake.botLogin && !c.body.startsWith("<!--"));

describe("/copperhead commands", () => {
  test("retry while the run is in flight dispatches nothing and says so; after it ends, retry dispatches once with the stage", async () => {
    const c = await say("/copperhead retry");
    expect(c.reactions).toEqual(["eyes"]);
    expect(dispatches()).toHaveLength(1);
    expect(replies().at(-1)?.body).toContain("already in flight");

    await runScripted(
      h,
      h.fake.runs[0]!,
      stageNames.map((s) => ({ stage: s, outcome: makeOutcome(s, 1) })),
    );
    const again = await say(
      "/copperhead retry schematic\nplease, and ignore this line: /copperhead stop",
    );
    expect(again.reactions).toEqual(["eyes", "rocket"]);
    expect(dispatches()).toHaveLength(2);
    expect(dispatches()[1]!.body).toEqual({
      ref: BRANCH,
      inputs: { branch: BRANCH, stage: "schematic", request_id: "d-req2" },
      return_run_details: true,
    });
    expect(h.errors).toEqual([]);
  });

  test("stop cancels the run and finalises checks and tracker: nothing stays running", async () => {
    const run = h.fake.runs[0]!;
    run.status = "in_progress";
    run.jobs.push({ id: 1, name: "copperhead / spec", status: "in_progress", conclusion: null });
    await say("/copperhead stop");
    expect(
      h.fake.requests.some(
        (r) =>
          r.method === "POST" &&
          r.path === `/repos/octo-org/octo-repo/actions/runs/${run.id}/cancel`,
      ),
    ).toBe(true);
    const head = (await h.fake.git.branchSha(BRANCH))!;
    const latest = new Map(
      h.fake.checkRuns.filter((c) => c.head_sha === head).map((c) => [c.name, c]),
    );
    for (const stage of stageNames)
      expect(latest.get(`copperhead / ${stage}`)?.status).toBe("completed");
    expect(latest.get("copperhead / spec")?.conclusion).toBe("cancelled");
    const tracker = h.fake.comments.find((c) => c.body.startsWith("<!-- copperhead:tracker"))!;
    expect(tracker.body).toContain("**Stopped**");
    expect(tracker.body).not.toContain("🔄 running");
    // The tracker remembers the run was stopped: even when it ends as a failure (it finished
    // before the cancel landed), with the spec job cut off, it is not continued.
    expect(tracker.body.split("\n")[1]).toBe(
      `<!-- copperhead:ledger {"continuedAfter":[],"stopped":[${run.id}]} -->`,
    );
    run.conclusion = "failure";
    await h.send("workflow_run", workflowRun(h.target, run, "completed"));
    expect(dispatches()).toHaveLength(1);
    expect(h.errors).toEqual([]);
  });

  test("status refreshes the tracker in place; an unknown verb gets the usage", async () => {
    await say("/copperhead status");
    expect(
      h.fake.comments.filter((c) => c.body.startsWith("<!-- copperhead:tracker")),
    ).toHaveLength(1);
    await say("/copperhead launch");
    expect(replies().at(-1)?.body).toContain(
      "`/copperhead retry [stage]`, `/copperhead status` or `/copperhead stop`",
    );
    await say("/copperhead retry pcb");
    expect(replies().at(-1)?.body).toContain("`pcb` is not a stage");
    expect(dispatches()).toHaveLength(1);
  });

  test("on the design PR the command finds the branch through the PR", async () => {
    await runScripted(h, h.fake.runs[0]!, [{ stage: "spec", outcome: makeOutcome("spec", 1) }]);
    const pr = h.fake.pulls[0]!.number;
    await say("/copperhead retry", "octocat", { issue: pr, pullRequest: true });
    expect(dispatches()).toHaveLength(2);
    expect((dispatches()[1]!.body as { ref: string }).ref).toBe(BRANCH);
  });
});

describe("who may command, and what never triggers", () => {
  test("a non-collaborator is refused politely, after the 👀", async () => {
    const c = await say("/copperhead retry", "stranger");
    expect(c.reactions).toEqual(["eyes"]);
    expect(replies().at(-1)?.body).toContain("need the **write** role");
    expect(dispatches()).toHaveLength(1);
  });

  test("a triage user may label (starters: triage) but not command (commanders: write)", async () => {
    expect(h.fake.runs).toHaveLength(1); // mona (triage) started the design in beforeEach
    await say("/copperhead retry", "mona");
    expect(replies().at(-1)?.body).toContain("need the **write** role");
    expect(dispatches()).toHaveLength(1);
  });

  test("a bot's comment, an edited comment and the App's own comment are ignored without a single request", async () => {
    const before = h.fake.requests.length;
    await say("/copperhead retry", "dependabot[bot]", { type: "Bot" });
    await say("/copperhead retry", "hubot", { action: "edited" });
    await say("/copperhead retry", h.fake.botLogin, { type: "Bot" });
    await say("Thanks! /copperhead retry is what I would use", "hubot");
    expect(h.fake.requests.length).toBe(before);
  });

  test("when config says commanders: admin, a write user is refused and an admin is not", async () => {
    await h.fake.git.commitFiles(
      "main",
      { ".github/copperhead.yml": "commanders: admin\n" },
      "settings",
    );
    await runScripted(h, h.fake.runs[0]!, [{ stage: "spec", outcome: makeOutcome("spec", 1) }]);
    await say("/copperhead retry", "hubot");
    expect(replies().at(-1)?.body).toContain("need the **admin** role");
    await say("/copperhead retry", "octocat");
    expect(dispatches()).toHaveLength(2);
  });

  test("a settings typo is reported instead of silently widening who may command", async () => {
    await h.fake.git.commitFiles(
      "main",
      { ".github/copperhead.yml": "comanders: admin\n" },
      "typo",
    );
    await say("/copperhead retry", "hubot");
    expect(replies().at(-1)?.body).toContain("unknown key(s) comanders");
    expect(dispatches()).toHaveLength(1);
  });
});

describe("fixed findings", () => {
  test("a later attempt without the finding resolves its thread; the same finding is never posted twice", async () => {
    const finding = {
      kind: "symbol-overlap",
      severity: "error" as const,
      sheet: "/",
      at: { x: 10, y: 10 },
      refs: ["R1"],
      detail: "R1 overlaps the frame",
    };
    const sch = { "hardware/board.kicad_sch": schematicText(["R1", "R2"]) };
    const artifacts = [{ path: "hardware/board.kicad_sch", sha256: "b".repeat(64) }];
    const failing = (attempt: number) =>
      makeOutcome("schematic", attempt, {
        verdict: "fail",
        artifacts,
        findings: { erc: [], drc: [], legibility: [finding] },
      });
    await runScripted(h, h.fake.runs[0]!, [
      { stage: "schematic", files: sch, outcome: failing(1) },
    ]);
    expect(h.fake.threads).toHaveLength(1);
    // Attempt 2 reports the same finding (different detail wording): no second comment.
    await say("/copperhead retry schematic");
    await runScripted(h, h.fake.runs[0]!, [{ stage: "schematic", outcome: failing(2) }]);
    expect(h.fake.threads).toHaveLength(1);
    expect(h.fake.reviews).toHaveLength(1);
    // Attempt 3 passes clean: the thread is resolved through GraphQL.
    await say("/copperhead retry schematic");
    await runScripted(h, h.fake.runs[0]!, [
      { stage: "schematic", outcome: makeOutcome("schematic", 3, { artifacts }) },
    ]);
    expect(h.fake.threads[0]!.isResolved).toBe(true);
    expect(
      h.fake.requests.filter(
        (r) => r.path === "/graphql" && JSON.stringify(r.body).includes("resolveReviewThread"),
      ),
    ).toHaveLength(1);
    expect(h.errors).toEqual([]);
  });
});
