import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { git } from "../../../engine/repo/git.js";
import { defaultAction } from "../../../engine/workflow/release.js";
import { REPO_ROOT } from "../fixture-project.js";
import { runBin } from "../run-bin.js";
import { makeTempDir, type TempDir } from "../temp-dir.js";
import type { RunStores } from "./builtin-actions.js";
import { testApp } from "./github-app-mock.js";
import { type LocalRunOptions, type RunResult, runWorkflow } from "./run-workflow.js";

export interface HardwareOrigin {
  tmp: TempDir;
  /** The bare repository standing in for GitHub. */
  origin: string;
  /** A clone a person works in (identity set). */
  person: string;
  /**
   * Runs the design workflow committed on the default branch (or `file`), dispatched on
   * `branch` with the design workflow's inputs (or `inputs`).
   */
  dispatch(
    branch: string,
    more?: Partial<LocalRunOptions> & { stage?: string; file?: string },
  ): Promise<RunResult>;
  /** Commits `files` in the person's clone on `branch` and pushes. */
  commit(branch: string, files: Record<string, string | null>, message: string): Promise<string>;
  tip(branch: string): Promise<string>;
  remove(): Promise<void>;
}

async function writeFiles(dir: string, files: Record<string, string | null>) {
  for (const [path, text] of Object.entries(files)) {
    if (text === null) {
      await git(dir, ["rm", "-q", "--", path]);
      continue;
    }
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/**
 * A hardware repository the way a user sets it up: `copperhead install-workflow` (the built
 * CLI) run in a clone, its files committed to `main` and pushed to a bare origin, plus a
 * design branch holding `design` (brief.md, …). The workflow the runner reads is the one on
 * the origin's main, as GitHub reads the default branch's.
 */
export async function hardwareOrigin(options: {
  bin: string;
  branch: string;
  design: Record<string, string>;
  settings?: string;
}): Promise<HardwareOrigin> {
  const tmp = await makeTempDir("copperhead-actions-");
  const origin = await realpath(tmp.dir).then((d) => join(d, "origin.git"));
  await git(tmp.dir, ["init", "-q", "--bare", "-b", "main", origin]);
  const person = join(await realpath(tmp.dir), "person");
  await git(tmp.dir, ["clone", "-q", origin, person]);
  await git(person, ["config", "user.name", "Mona"]);
  await git(person, ["config", "user.email", "mona@copperhead.invalid"]);
  await git(person, ["checkout", "-q", "-b", "main"]);
  await writeFile(join(person, "README.md"), "# a hardware repo\n");
  const install = await runBin(options.bin, ["install-workflow"], { cwd: person });
  if (install.exitCode !== 0) throw new Error(`install-workflow failed: ${install.stderr}`);
  if (options.settings !== undefined) {
    await writeFile(join(person, ".github/copperhead.yml"), options.settings);
  }
  await git(person, ["add", "-A"]);
  await git(person, ["commit", "-qm", "install the copperhead workflows"]);
  await git(person, ["push", "-q", "origin", "main"]);
  await git(person, ["checkout", "-q", "-b", options.branch]);
  await writeFiles(person, options.design);
  await git(person, ["add", "-A"]);
  await git(person, ["commit", "-qm", "the brief"]);
  await git(person, ["push", "-q", "origin", options.branch]);
  let runs = 0;
  // Caches and artifacts live as long as the repository, across runs (as on GitHub).
  const stores: RunStores = {
    origin,
    cacheDir: join(tmp.dir, "runner", "cache"),
    artifactDir: join(tmp.dir, "runner", "artifacts"),
    attemptKey: "",
    minted: [],
    cacheOrder: [],
  };
  const h: HardwareOrigin = {
    tmp,
    origin,
    person,
    async dispatch(branch, more = {}) {
      const { stage, file, inputs, ...rest } = more;
      const workflow = await git(origin, [
        "show",
        `main:.github/workflows/${file ?? "copperhead.yml"}`,
      ]);
      runs++;
      return runWorkflow({
        workflow,
        inputs: inputs ?? { branch, stage: stage ?? "", request_id: `d-run${runs}` },
        origin,
        repository: "octo-org/octo-repo",
        ref: branch,
        bin: options.bin,
        action: { ref: defaultAction(), dir: REPO_ROOT },
        secrets: {
          ANTHROPIC_API_KEY: "sk-ant-test-neverprinted0123456789",
          COPPERHEAD_APP_ID: testApp().id,
          COPPERHEAD_APP_PRIVATE_KEY: testApp().privateKey,
        },
        workDir: join(tmp.dir, "runner"),
        runId: 100 + runs,
        stores,
        ...rest,
      });
    },
    async commit(branch, files, message) {
      await git(person, ["fetch", "-q", "origin"]);
      await git(person, ["checkout", "-q", "-B", branch, `origin/${branch}`]);
      await writeFiles(person, files);
      await git(person, ["add", "-A"]);
      await git(person, ["commit", "-qm", message]);
      await git(person, ["push", "-q", "origin", branch]);
      return (await git(person, ["rev-parse", "HEAD"])).trim();
    },
    tip: async (branch) => (await git(origin, ["rev-parse", `refs/heads/${branch}`])).trim(),
    remove: () => tmp.remove(),
  };
  return h;
}

/** The example brief of the USB-C demo. */
export async function demoBrief(): Promise<string> {
  return readFile(join(REPO_ROOT, "examples/usb-c-breakout/brief.md"), "utf8");
}
