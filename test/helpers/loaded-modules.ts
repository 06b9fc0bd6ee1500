import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { makeTempDir } from "./temp-dir.js";

/** A Node process run with a load hook: its exit, what it printed and every URL it loaded. */
export interface LoadedRun {
  exitCode: number;
  stderr: string;
  /** Every `file:` URL the process loaded, in load order (dynamic imports included). */
  loaded: string[];
}

/**
 * Runs `node <argv…>` in a fresh process whose loader hook appends each URL it loads to a list:
 * what a spawn of it costs in imports, the thing a lazy `import()` exists to keep small.
 */
export async function modulesLoaded(
  argv: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<LoadedRun> {
  const tmp = await makeTempDir("copperhead-imports-");
  try {
    const list = join(tmp.dir, "loaded.txt");
    const hook = `data:text/javascript,${encodeURIComponent(
      `import { appendFileSync } from "node:fs";
       export async function load(url, context, next) {
         appendFileSync(${JSON.stringify(list)}, url + "\\n");
         return next(url, context);
       }`,
    )}`;
    const register = `data:text/javascript,${encodeURIComponent(
      `import { register } from "node:module"; register(${JSON.stringify(hook)});`,
    )}`;
    const run = await execa(process.execPath, ["--import", register, ...argv], {
      cwd: options.cwd,
      env: options.env ?? {},
      stdin: "ignore",
      reject: false,
    });
    if (run.exitCode === undefined) throw new Error(`node ${argv.join(" ")}: ${run.shortMessage}`);
    const loaded = (await readFile(list, "utf8")).split("\n").filter((l) => l.startsWith("file:"));
    return { exitCode: run.exitCode, stderr: String(run.stderr), loaded };
  } finally {
    await tmp.remove();
  }
}
