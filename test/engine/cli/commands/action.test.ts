import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "../../../../engine/repo/git.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";
import { builtCli } from "../../../helpers/packed-cli.js";
import { runBin } from "../../../helpers/run-bin.js";
import { makeTempDir, type TempDir } from "../../../helpers/temp-dir.js";
import { masksIn, readFileCommand } from "../../../helpers/workflow-runner/file-commands.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";

const EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
const KEY = "sk-ant-test-actionkey0123456789abcdef";
const clean = {
  COPPERHEAD_PROVIDER: "scripted",
  COPPERHEAD_MODEL: undefined,
  ANTHROPIC_API_KEY: undefined,
};

let bin: string;
let repo: string;
let tmp: TempDir;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  bin = (await builtCli()).bin;
  tmp = await makeTempDir("copperhead-action-");
  const made = await gitRepo({ "brief.md": await readFile(join(EXAMPLE, "brief.md"), "utf8") });
  cleanups.push(made.done, () => tmp.remove());
  repo = made.repo;
  const spec = await runBin(bin, ["stage", "spec"], {
    cwd: repo,
    env: { ...clean, COPPERHEAD_SCRIPT: join(EXAMPLE, "sessions") },
  });
  if (spec.exitCode !== 0) throw new Error(spec.stderr);
}, 300_000);
afterAll(async () => {
  for (const done of cleanups) await done();
});

let n = 0;
/** `copperhead action` as the composite step runs it: INPUT_* env, GitHub's file commands. */
async function action(inputs: Record<string, string>, env: Record<string, string> = {}) {
  n++;
  const files = {
    GITHUB_OUTPUT: tmp.path(`output-${n}`),
    GITHUB_STEP_SUMMARY: tmp.path(`summary-${n}`),
  };
  for (const f of Object.values(files)) await writeFile(f, "");
  const run = await runBin(bin, ["action"], {
    cwd: repo,
    env: {
      ...clean,
      ...files,
      GITHUB_ACTIONS: "true",
      ...Object.fromEntries(
        Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
      ),
      ...env,
    },
  });
  return {
    ...run,
    outputs: await readFileCommand(files.GITHUB_OUTPUT),
    summary: await readFile(files.GITHUB_STEP_SUMMARY, "utf8"),
  };
}

describe("copperhead action (the Action's entry), through the built CLI", () => {
  it("a valid stage is skipped without a model: outputs name its passed attempt, the summary says so, the key is masked and printed nowhere else", async () => {
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const none = tmp.path("no-sessions");
    await mkdir(none, { recursive: true });
    const run = await action(
      { stage: "spec", "rerun-from": "architecture", "api-key": KEY },
      { COPPERHEAD_SCRIPT: none },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.outputs).toEqual({
      result: "skipped",
      verdict: "pass",
      attempt: "1",
      "outcome-path": ".copperhead/runs/spec/1/outcome.json",
      commit: expect.any(String),
    });
    expect(run.summary).toContain("## copperhead / spec: valid, nothing to do");
    expect(masksIn(run.stdout)).toEqual([KEY]);
    expect(run.stdout.replace(`::add-mask::${KEY}`, "") + run.stderr + run.summary).not.toContain(
      KEY,
    );
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(head);
  }, 120_000);

  it("bad inputs are refused naming the input, with a summary saying the stage could not run", async () => {
    for (const [inputs, wanted] of [
      [{ stage: "pcb" }, "stage: must be one of: spec, architecture"],
      [{ stage: "spec", "turn-budget": "lots" }, "must be a whole number of turns"],
      [{ stage: "spec", "rerun-from": "everything" }, "rerun-from"],
      [{ stage: "spec", model: "a model; rm -rf /" }, "is not a model name"],
    ] as const) {
      const run = await action(inputs);
      expect(run.exitCode, JSON.stringify(inputs)).toBe(2);
      expect(run.stderr).toContain("the copperhead Action's inputs are not valid");
      expect(run.stderr).toContain(wanted);
      expect(run.summary).toMatch(/^## copperhead \/ .*: could not run/);
    }
  }, 120_000);

  it("a stage left out of .github/copperhead.yml ends green as disabled", async () => {
    await mkdir(join(repo, ".github"), { recursive: true });
    await writeFile(join(repo, ".github/copperhead.yml"), "stages: [spec]\n");
    await git(repo, ["add", "-A"]);
    await git(repo, ["commit", "-qm", "only the spec"]);
    const run = await action({ stage: "layout" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.outputs.result).toBe("disabled");
    expect(run.summary).toContain("## copperhead / layout: not enabled in .github/copperhead.yml");
  }, 120_000);

  it("rerun-from the stage itself runs a valid stage anyway: it asks the model (here: a missing session)", async () => {
    const none = tmp.path("no-sessions");
    await mkdir(none, { recursive: true });
    const run = await action({ stage: "spec", "rerun-from": "spec" }, { COPPERHEAD_SCRIPT: none });
    expect(run.stderr).toContain("rerun from spec: spec runs even if it is valid");
    expect(run.stderr).toContain("has no spec.json or spec.jsonl");
    expect(run.exitCode).not.toBe(0);
  }, 120_000);
});
