import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { UsageError } from "../errors.js";

/** The folder given (or the current one) is not inside a git working tree. */
export class NotARepositoryError extends UsageError {
  constructor(start: string) {
    super(
      `${start} is not inside a git repository`,
      "run the command inside your hardware repository, pass --repo <dir>, or run `git init` first",
    );
  }
}

/**
 * The top of the git working tree containing `start`, found by walking up to a `.git` entry.
 * Done on the file system rather than by spawning git because every status query needs it.
 */
export function findRepoRoot(start: string): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, ".git"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new NotARepositoryError(start);
    dir = parent;
  }
}

/** The git directory of a working tree: `.git` itself, or where a `.git` file points (worktrees). */
export function gitDirOf(root: string): string {
  const dotGit = join(root, ".git");
  if (statSync(dotGit).isDirectory()) return dotGit;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
  if (!match?.[1]) throw new NotARepositoryError(root);
  return isAbsolute(match[1]) ? match[1] : resolve(root, match[1]);
}
