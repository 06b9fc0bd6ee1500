import { execa } from "execa";

/** What a finished CLI process left: its exit code and everything it printed. */
export interface BinRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunBinOptions {
  cwd: string;
  /** Added to (and overriding) this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Run with exactly `env`, nothing inherited (a test that plants every variable itself). */
  replaceEnv?: boolean;
  input?: string;
  timeoutMs?: number;
}

/**
 * Runs a copperhead binary as a user would: a `.js` file (the built dist/engine/cli/main.js)
 * with this Node, anything else (an installed `node_modules/.bin/copperhead`) directly, through
 * its shebang. Never rejects on a non-zero exit; a run that is killed or times out throws.
 */
export async function runBin(bin: string, args: string[], options: RunBinOptions): Promise<BinRun> {
  const [file, argv] = bin.endsWith(".js") ? [process.execPath, [bin, ...args]] : [bin, args];
  const run = await execa(file, argv, {
    cwd: options.cwd,
    env: options.env ?? {},
    extendEnv: options.replaceEnv !== true,
    reject: false,
    timeout: options.timeoutMs ?? 120_000,
    ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
    stripFinalNewline: false,
  });
  if (run.exitCode === undefined) {
    throw new Error(`${bin} ${args.join(" ")} did not exit normally: ${run.shortMessage}`);
  }
  return { exitCode: run.exitCode, stdout: String(run.stdout), stderr: String(run.stderr) };
}
