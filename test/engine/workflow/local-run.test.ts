import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEventLog } from "../../../engine/flow/event-log.js";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { git } from "../../../engine/repo/git.js";
import { REPO_ROOT } from "../../helpers/fixture-project.js";
import { builtCli } from "../../helpers/packed-cli.js";
import {
  demoBrief,
  type HardwareOrigin,
  hardwareOrigin,
} from "../../helpers/workflow-runner/hardware-origin.js";

const SESSIONS = join(REPO_ROOT, "examples/usb-c-breakout/sessions");
const scripted = { COPPERHEAD_PROVIDER: "scripted", COPPERHEAD_SCRIPT: SESSIONS };
const BRANCH = "copperhead/issue-7";

let bin: string;
let brief: string;
const cleanups: HardwareOrigin[] = [];
beforeAll(async () => {
  bin = (await builtCli()).bin;
  brief = await demoBrief();
}, 300_000);
afterAll(async () => {
  for (const h of cleanups) await h.remove();
});

async function setup(settings?: string) {
  const h = await hardwareOrigin({
    bin,
    branch: BRANCH,
    design: { "brief.md": brief },
    ...(settings === undefined ? {} : { settings }),
  });
  cleanups.push(h);
  return h;
}

const log = (h: HardwareOrigin, rev: string, format: string) =>
  git(h.origin, ["log", `--format=${format}`, rev]).then((s) => s.trim().split("\n"));

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
    for (const id of [
      "architecture",
      "parts",
      "schematic",
      "layout",
      "outputs",
      "firmware",
      "devplan",
    ]) {
      const job = run.jobs.get(id)!;
      expect(job.conclusion, job.log).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${id}: not enabled in .github/copperhead.yml`);
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
  }, 600_000);
});
