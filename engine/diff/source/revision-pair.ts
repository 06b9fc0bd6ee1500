import { UsageError } from "../../errors.js";
import { git } from "../../repo/git.js";
import { defaultBranch } from "./default-branch.js";

/** One side of a diff: a commit, or the files as they are on disk now. */
export type RevisionSpec =
  | { kind: "commit"; label: string; commit: string }
  | { kind: "worktree"; label: "working tree" };

export const WORKTREE: RevisionSpec = { kind: "worktree", label: "working tree" };

/** The commit a revision names, or a UsageError that says what to pass instead. */
export async function resolveCommit(repo: string, rev: string): Promise<string> {
  if (rev === "" || rev.startsWith("-")) {
    throw new UsageError(`"${rev}" is not a revision`, "name a commit, branch or tag");
  }
  const out = await git(repo, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]).catch(
    () => "",
  );
  const commit = out.trim();
  if (!/^[0-9a-f]{40,64}$/.test(commit)) {
    throw new UsageError(
      `unknown revision "${rev}"`,
      "name a commit, branch or tag of this repository (see `git log --oneline --all`)",
    );
  }
  return commit;
}

async function mergeBase(repo: string, a: string, b: string, label: string): Promise<string> {
  const out = await git(repo, ["merge-base", a, b]).catch(() => "");
  const commit = out.trim();
  if (!commit) {
    throw new UsageError(
      `${label} has no common ancestor with this branch`,
      "fetch the full history (in GitHub Actions: actions/checkout with fetch-depth: 0) or name the base revision: copperhead diff <rev>",
    );
  }
  return commit;
}

/**
 * The two revisions `copperhead diff [<rev-a>] [<rev-b>]` compares, as `git diff` reads them:
 * none → the merge base of the default branch and HEAD vs the working tree; one → that
 * revision vs the working tree (or `A..B`, `A...B` for a pair); two → those commits.
 */
export async function resolveRevisionPair(
  repo: string,
  args: readonly string[],
): Promise<[RevisionSpec, RevisionSpec]> {
  const commit = async (rev: string): Promise<RevisionSpec> => ({
    kind: "commit",
    label: rev,
    commit: await resolveCommit(repo, rev),
  });
  if (args.length > 2) {
    throw new UsageError(
      `too many revisions: ${args.join(" ")}`,
      "give at most two: copperhead diff [<rev-a>] [<rev-b>]",
    );
  }
  if (args.length === 2) return [await commit(args[0]!), await commit(args[1]!)];
  if (args.length === 1) {
    const arg = args[0]!;
    const triple = arg.indexOf("...");
    if (triple >= 0) {
      const left = arg.slice(0, triple) || "HEAD";
      const right = arg.slice(triple + 3) || "HEAD";
      const tip = await commit(right);
      const base = await mergeBase(repo, await resolveCommit(repo, left), right, left);
      return [{ kind: "commit", label: `merge base of ${left} and ${right}`, commit: base }, tip];
    }
    const double = arg.indexOf("..");
    if (double >= 0) {
      return [
        await commit(arg.slice(0, double) || "HEAD"),
        await commit(arg.slice(double + 2) || "HEAD"),
      ];
    }
    return [await commit(arg), WORKTREE];
  }
  const branch = await defaultBranch(repo);
  const head = await resolveCommit(repo, "HEAD").catch(() => {
    throw new UsageError(
      "this repository has no commit yet",
      "commit the design once, then run copperhead diff to see what changed since",
    );
  });
  const base = await mergeBase(repo, branch, head, branch);
  return [{ kind: "commit", label: `merge base with ${branch}`, commit: base }, WORKTREE];
}
