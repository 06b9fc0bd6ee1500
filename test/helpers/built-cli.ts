import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { inject } from "vitest";
import { KICAD_CACHE_ENV } from "../setup/cache-env.js";
import { REPO_ROOT } from "./fixture-project.js";

/** The CLI as it ships: `npm run build` output, run with node. */
export const BUILT_CLI = join(REPO_ROOT, "dist/engine/cli/main.js");

let built: Promise<void> | undefined;

function runDir(): string | undefined {
  try {
    return inject("kicadCacheDir") || process.env[KICAD_CACHE_ENV];
  } catch {
    return process.env[KICAD_CACHE_ENV];
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Builds the CLI once per `vitest run` (the first test file to ask does it; the others wait on
 * its marker), so command tests exercise the compiled `dist/` a user installs, never a stale one.
 */
export function ensureBuiltCli(): Promise<void> {
  built ??= (async () => {
    const dir = runDir();
    const marker = dir ? join(dir, "cli-built") : undefined;
    const lock = dir ? join(dir, "cli-build.lock") : undefined;
    if (marker && (await exists(marker))) return;
    for (;;) {
      if (!lock) break;
      try {
        await mkdir(lock);
        break;
      } catch {
        if (marker && (await exists(marker))) return;
        await sleep(200);
      }
    }
    try {
      if (marker && (await exists(marker))) return;
      await execa("npm", ["run", "build", "--silent"], { cwd: REPO_ROOT });
      if (marker) await writeFile(marker, "");
    } finally {
      if (lock) await rm(lock, { recursive: true, force: true });
    }
  })();
  return built;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `copperhead` with `args` in `cwd`, as a person would from a shell. */
export async function runBuiltCli(
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  await ensureBuiltCli();
  const result = await execa("node", [BUILT_CLI, ...args], {
    cwd,
    env,
    reject: false,
    stripFinalNewline: false,
  });
  return {
    code: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
  };
}
