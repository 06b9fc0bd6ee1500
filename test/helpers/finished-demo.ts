import { cp, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { FINISHED_DEMO_ENV } from "../setup/finished-demo.js";
import { assertDemoUntouched, demoRepoIn, recordDemo } from "./finished-demo-guard.js";
import { REPO_ROOT } from "./fixture-project.js";
import { packedCli } from "./packed-cli.js";
import { type BinRun, runBin } from "./run-bin.js";
import { runDir, runOnce } from "./run-once.js";

/** The offline demo: examples/usb-c-breakout (its brief, sessions and recheck sessions). */
export const DEMO_EXAMPLE = join(REPO_ROOT, "examples/usb-c-breakout");
export const DEMO_SESSIONS = join(DEMO_EXAMPLE, "sessions");

/**
 * The environment the demo is created in: the scripted provider is the only model, nothing of
 * the machine's may choose another.
 */
export const DEMO_ENV = {
  COPPERHEAD_PROVIDER: undefined,
  ANTHROPIC_API_KEY: undefined,
  CI: "true",
};

export interface DemoCreate {
  /** The repository `copperhead create` made (absolute, real path). Read it, never change it. */
  repo: string;
  /** Where create ran (the repo's parent folder). */
  cwd: string;
  /** The create run itself: its exit code and everything it printed. */
  run: BinRun;
}

/**
 * The eight-stage offline `create` of examples/usb-c-breakout, run once per `vitest run` by the
 * packed and installed CLI (real tools, gates, kicad-cli, exports) and shared by every test file
 * that asks: the first asker creates it (about as long as one create), the others wait for it.
 * Resolves whatever create's exit code was, so the test of create itself can assert it; a test
 * that only needs the finished repository calls finishedDemo().
 */
export async function demoCreate(): Promise<DemoCreate> {
  const dir = await runDir("finishedDemoDir", FINISHED_DEMO_ENV);
  const repo = demoRepoIn(dir);
  const cwd = dirname(repo);
  const made = await runOnce(dir, "finished-demo", async () => {
    const bin = (await packedCli()).bin;
    await mkdir(cwd, { recursive: true });
    const run = await runBin(
      bin,
      [
        "create",
        "--repo",
        repo,
        "--brief",
        join(DEMO_EXAMPLE, "brief.md"),
        "--scripted",
        DEMO_SESSIONS,
      ],
      { cwd, env: DEMO_ENV, timeoutMs: 20 * 60_000 },
    );
    if (run.exitCode === 0) await recordDemo(dir);
    return { repo, cwd, run };
  });
  // A test that wrote into the shared repository fails the next file that asks, by name.
  await assertDemoUntouched(dir);
  return made;
}

/** The finished demo repository (read-only by contract); throws when create did not succeed. */
export async function finishedDemo(): Promise<string> {
  const { repo, run } = await demoCreate();
  if (run.exitCode !== 0) {
    throw new Error(
      `the shared demo's copperhead create exited ${run.exitCode}; its stderr ends:\n${run.stderr.slice(-3000)}`,
    );
  }
  return repo;
}

/**
 * A private copy of the finished demo (working tree, history, refs) at `dest`, which must not
 * exist yet; the test may change it freely. Returns `dest`.
 */
export async function copyOfFinishedDemo(dest: string): Promise<string> {
  const repo = await finishedDemo();
  // Not recursive: an existing `dest` throws here rather than being merged into.
  await mkdir(dest);
  await cp(repo, dest, { recursive: true });
  return dest;
}
