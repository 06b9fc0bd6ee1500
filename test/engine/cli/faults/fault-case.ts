import { cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { git } from "../../../../engine/repo/git.js";
import { LED_EXAMPLE, REPO_ROOT } from "../../../helpers/fixture-project.js";

/** One case's private folder; every path is relative to it. */
export interface CaseDir {
  root: string;
  path(...parts: string[]): string;
  write(path: string, content: string | Uint8Array): Promise<void>;
  /** A copy of examples/led at `path` (default: the case folder itself). */
  led(path?: string): Promise<void>;
  /** `git init` with a local identity and everything committed. */
  repo(path?: string): Promise<void>;
}

/**
 * One bad input or fault, run through the built CLI. The runner checks, for every case: the
 * documented exit code, no stack trace or internal error, a message matching `says` (with a fix:
 * ` — …` or a usage line on exit 2), no scratch folder left in TMPDIR, and every file of the case
 * folder byte-identical (and same mode) afterwards, except the paths in `changes`.
 */
export interface FaultCase {
  name: string;
  setup?: (dir: CaseDir) => Promise<void>;
  args: string[] | ((dir: CaseDir) => string[]);
  /** The working directory, relative to the case folder. */
  cwd?: string;
  env?: Record<string, string | undefined> | ((dir: CaseDir) => Record<string, string | undefined>);
  /** The exit code docs/errors.md documents for this situation. */
  exit: number;
  /** What the output (stderr, then stdout) must say: the problem and what to do. */
  says: RegExp;
  /** Paths the command is meant to create or change (relative; a RegExp matches several). */
  changes?: ReadonlyArray<string | RegExp>;
  /** Run as an unprivileged user (the suite may run as root, who reads anything). */
  unprivileged?: boolean;
  /** Shell limits to run under, e.g. "ulimit -f 16" (SIGXFSZ ignored, so writes fail EFBIG). */
  limits?: string;
}

export function caseDir(root: string): CaseDir {
  const path = (...parts: string[]) => join(root, ...parts);
  return {
    root,
    path,
    async write(rel, content) {
      await mkdir(dirname(path(rel)), { recursive: true });
      await writeFile(path(rel), content);
    },
    async led(rel = ".") {
      await cp(LED_EXAMPLE, path(rel), { recursive: true });
    },
    async repo(rel = ".") {
      const dir = path(rel);
      await git(dir, ["init", "-q", "-b", "main"]);
      await git(dir, ["config", "user.name", "Fault Test"]);
      await git(dir, ["config", "user.email", "faults@copperhead.invalid"]);
      await git(dir, ["config", "commit.gpgsign", "false"]);
      await git(dir, ["add", "-A"]);
      await git(dir, ["commit", "-q", "--allow-empty", "-m", "baseline"]);
    },
  };
}

export const EXAMPLES = join(REPO_ROOT, "examples");
export const USB_INTENT = join(EXAMPLES, "intents/usb-c-breakout.intent.json");
export const WRITE_NOTE = join(EXAMPLES, "scripts/write-note.json");
