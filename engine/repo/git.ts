import { spawn } from "node:child_process";
import { CopperheadError, type ErrorCategory } from "../errors.js";

/** A git command that failed; carries the command line, exit code and git's own stderr. */
export class GitError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
  readonly args: readonly string[];
  readonly exitCode: number | undefined;
  readonly stderr: string;

  constructor(opts: {
    args: readonly string[];
    exitCode?: number;
    stderr: string;
    fix: string;
    category?: ErrorCategory;
  }) {
    const code = opts.exitCode === undefined ? "" : ` (exit ${opts.exitCode})`;
    const detail = opts.stderr.trim() ? `: ${opts.stderr.trim()}` : "";
    super(
      `git ${opts.args.join(" ")} failed${code}${detail}`,
      opts.fix,
      opts.category ? { category: opts.category } : undefined,
    );
    this.args = opts.args;
    this.exitCode = opts.exitCode;
    this.stderr = opts.stderr;
  }
}

export interface GitOptions {
  /** Text fed to git's stdin. */
  input?: string;
  /** Extra environment variables for this call (added to the inherited environment). */
  env?: Record<string, string>;
}

/**
 * The one place copperhead runs git. Returns stdout untouched (NUL-separated output stays
 * intact); a non-zero exit or a missing git binary becomes a GitError that says what to do.
 */
export async function git(
  repo: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  // Messages in English so errors we match or show are stable across locales.
  const result = await runGit(repo, args, { LC_ALL: "C", ...options.env }, options.input);
  if (result.failed) {
    const missing = result.code === "ENOENT";
    if (!missing && (await isUnbornHead(repo, args, result.stderr))) {
      throw new GitError({
        args,
        ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
        stderr: `${repo} has no commits yet`,
        fix: 'make a first commit (git add -A && git commit -m "Initial commit"): copperhead snapshots HEAD before it changes anything, so it can always put your work back',
        category: "usage",
      });
    }
    throw new GitError({
      args,
      ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
      stderr: missing ? "git is not installed or not on PATH" : result.stderr,
      fix: missing
        ? "install git (2.30 or newer) and make sure it is on PATH"
        : /detected dubious ownership/.test(result.stderr)
          ? `the repository belongs to another user: run as its owner, or trust it with git config --global --add safe.directory ${repo}`
          : `check that ${repo} is a git repository in a healthy state (try the same command by hand)`,
    });
  }
  return result.stdout;
}

// What git says when HEAD names no commit: a fresh `git init` with nothing committed yet.
const NO_HEAD =
  /Needed a single revision|ambiguous argument 'HEAD'|does not have any commits yet|bad revision 'HEAD'|unknown revision/;

/** Did `args` fail only because the repository has no commits yet? */
async function isUnbornHead(repo: string, args: readonly string[], stderr: string) {
  if (!args.some((a) => a.includes("HEAD")) || !NO_HEAD.test(stderr)) return false;
  const any = await runGit(repo, ["rev-list", "-n", "1", "--all"], {}, undefined);
  return !any.failed && any.stdout.trim() === "";
}

interface GitRun {
  failed: boolean;
  exitCode: number | undefined;
  /** The spawn error's code ("ENOENT": no git on PATH). */
  code: string | undefined;
  stdout: string;
  stderr: string;
}

/**
 * git as a child process, with node:child_process rather than execa: almost every spawn of the
 * CLI runs git and nothing else that needs execa, whose ~100 modules were about 0.2 s of CPU
 * per spawn. stdin gets `input` or is closed; the environment is the process's plus `env`.
 */
function runGit(
  repo: string,
  args: readonly string[],
  env: Record<string, string>,
  input: string | undefined,
): Promise<GitRun> {
  return new Promise((resolve) => {
    const child = spawn("git", [...args], { cwd: repo, env: { ...process.env, ...env } });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString("utf8");
    const settle = (exitCode: number | undefined, error?: NodeJS.ErrnoException) =>
      resolve({
        failed: error !== undefined || exitCode !== 0,
        exitCode: error ? undefined : exitCode,
        code: error?.code,
        stdout: text(stdout),
        stderr: text(stderr),
      });
    // A spawn that failed (no git, no such cwd) may never emit "close"; one that ran always does.
    let spawnError: NodeJS.ErrnoException | undefined;
    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError = error;
      if (child.pid === undefined) settle(undefined, error);
    });
    child.on("close", (exitCode: number | null) => settle(exitCode ?? undefined, spawnError));
    // git may exit before reading all of stdin (a refused command): that is its answer, not ours.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
