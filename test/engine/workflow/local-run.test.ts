import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEventLog } from "../../../engine/flow/event-log.js";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { git } from "../../../engine/repo/git.js";
import { briefOrigins, originLog } from "../../helpers/workflow-runner/brief-origins.js";
import {
  DEMO_SESSIONS,
  script,
  specSessions,
} from "../../helpers/workflow-runner/spec-sessions.js";

const scripted = script(DEMO_SESSIONS);
const BRANCH = "copperhead/issue-7";
const STAGES = stageNames;
const DOWNSTREAM = STAGES.slice(1);

const origins = briefOrigins(BRANCH);
const setup = origins.setup;
const log = originLog;

describe("the design workflow, run by the local runner", () => {
  it("a dispatch on a branch holding only brief.md runs spec, pushes its commit, uploads outcome-spec and writes the job summary; the stages left out report it", async () => {
    const h = await setup("stages: [spec]\n");
    const base = await h.tip(BRANCH);
    const run = await h.dispatch(BRANCH, { env: scripted });
    const spec = run.jobs.get("spec")!;
    expect(spec.conclusion, spec.log).toBe("success");
    expect(run.conclusion).toBe("success");
    expect(run.displayTitle).toBe(`copperhead ${BRANCH} [d-run1]`);
    expect(spec.image).toMatch(/^ghcr\.io\/copperhead-eda\/copperhead:/);

    // One stage commit on the origin's branch, child of the brief commit, with the trailers.
    const commits = await log(h, `${base}..refs/heads/${BRANCH}`, "%H %s");
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatch(/copperhead\(spec\): /);
    const trailers = await log(h, `refs/heads/${BRANCH}`, "%(trailers:only,unfold)");
    expect(trailers.slice(0, 2)).toEqual(["Copperhead-Stage: spec", "Copperhead-Attempt: 1"]);

    const outcomeText = await git(h.origin, [
      "show",
      `refs/heads/${BRANCH}:.copperhead/runs/spec/1/outcome.json`,
    ]);
    const outcome = parseOutcome(outcomeText, "outcome.json");
    expect(outcome).toMatchObject({ stage: "spec", attempt: 1, verdict: "pass", commit: base });
    const artifact = await readFile(
      join(run.stores.artifactDir, `${run.runId}-1`, "outcome-spec", "outcome.json"),
      "utf8",
    );
    expect(artifact).toBe(outcomeText);

    expect(spec.summary).toContain("## copperhead / spec: passed");
    expect(spec.summary).toContain("| `spec-present` | ok |");
    expect(spec.summary).toMatch(/pushed 1 commit\(s\) of spec to copperhead\/issue-7/);
    // The push used a token minted for it, right before it: after the stage step.
    const minted = run.stores.minted.filter((m) => m.job === "spec");
    expect(minted).toHaveLength(1);
    for (const id of DOWNSTREAM) {
      const job = run.jobs.get(id)!;
      expect(job.conclusion, job.log).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${id}: not enabled in .github/copperhead.yml`);
    }
    // Jobs start as soon as their needs are done: layout and firmware (both after schematic)
    // overlap, and no job starts before a job it needs has ended.
    const at = (e: string) => run.events.indexOf(e);
    expect(at("start firmware")).toBeLessThan(at("end layout"));
    expect(at("start layout")).toBeLessThan(at("end firmware"));
    for (const id of STAGES) {
      for (const need of parse(
        await readFile(join(h.person, ".github/workflows/copperhead.yml"), "utf8"),
      ).jobs[id].needs ?? []) {
        expect(at(`end ${need}`), `${id} after ${need}`).toBeLessThan(at(`start ${id}`));
      }
    }
    // No secret reached a log, a summary or the repository.
    const everything = [...run.jobs.values()].map((j) => j.log + j.summary).join("\n");
    expect(everything).not.toContain("sk-ant-test-neverprinted");
    expect(everything).not.toContain(minted[0]!.token);
    const history = await git(h.origin, ["log", "-p", "--all"]);
    expect(history).not.toContain("sk-ant-test-neverprinted");
    const events = parseEventLog(
      await git(h.origin, ["show", `refs/heads/${BRANCH}:.copperhead/events.jsonl`]),
    );
    expect(events.events.map((e) => [e.type, e.stage])).toEqual([
      ["dispatch", "spec"],
      ["outcome", "spec"],
    ]);
    // Every job minted its push token from GitHub (the mock checked each request's JWT and
    // scope), and the push used exactly those.
    expect(origins.api.refused).toEqual([]);
    expect(new Set(origins.api.tokens)).toEqual(
      new Set(run.stores.minted.filter((m) => m.job !== "").map((m) => m.token)),
    );
    expect(run.stores.minted.map((m) => m.job).sort()).toEqual([...STAGES].sort());

    // The whole workflow again on the finished branch: nothing is missing, failed or stale, so
    // nothing is committed and no model is asked (with no session, a model call fails the job).
    const sessions = await specSessions(h.tmp.path("sessions"));
    const finished = await h.tip(BRANCH);
    const again = await h.dispatch(BRANCH, { env: script(sessions.none) });
    const respec = again.jobs.get("spec")!;
    expect(again.conclusion, respec.log).toBe("success");
    expect(await h.tip(BRANCH)).toBe(finished);
    expect(await log(h, `${base}..refs/heads/${BRANCH}`, "%H")).toHaveLength(1);
    expect(respec.summary).toContain("## copperhead / spec: valid, nothing to do");
    expect(respec.summary).toContain(`${BRANCH} is up to date`);
    expect(respec.log).not.toMatch(/turn 1\//);
    expect(again.stores.cacheOrder.filter((k) => k.includes("-spec-"))).toHaveLength(2);
  }, 600_000);
});
