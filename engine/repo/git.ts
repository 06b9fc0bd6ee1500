import { execa } from "execa";
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
  const result = await execa("git", [...args], {
    cwd: repo,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: 1024 * 1024 * 1024,
    // Messages in English so errors we match or show are stable across locales.
    env: { LC_ALL: "C", ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  if (result.failed) {
    const missing = (result as { code?: string }).code === "ENOENT";
    if (!missing && (await isUnbornHead(repo, args, String(result.stderr ?? "")))) {
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
      stderr: missing ? "git is not installed or not on PATH" : String(result.stderr ?? ""),
      fix: missing
        ? "install git (2.30 or newer) and make sure it is on PATH"
        : /detected dubious ownership/.test(String(result.stderr ?? ""))
          ? `the repository belongs to another user: run as its owner, or trust it with git config --global --add safe.directory ${repo}`
          : `check that ${repo} is a git repository in a healthy state (try the same command by hand)`,
    });
  }
  return String(result.stdout ?? "");
}

// What git says when HEAD names no commit: a fresh `git init` with nothing committed yet.
const NO_HEAD =
  /Needed a single revision|ambiguous argument 'HEAD'|does not have any commits yet|bad revision 'HEAD'|unknown revision/;

/** Did `args` fail only because the repository has no commits yet? */
async function isUnbornHead(repo: string, args: readonly string[], stderr: string) {
  if (!args.some((a) => a.includes("HEAD")) || !NO_HEAD.test(stderr)) return false;
  const any = await execa("git", ["rev-list", "-n", "1", "--all"], { cwd: repo, reject: false });
  return !any.failed && String(any.stdout ?? "").trim() === "";
}
