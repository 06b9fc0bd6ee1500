import { UsageError } from "../../errors.js";
import { git } from "../../repo/git.js";

async function exists(repo: string, ref: string): Promise<boolean> {
  const out = await git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).catch(
    () => "",
  );
  return out.trim() !== "";
}

/**
 * The branch pull requests merge into: the remote's HEAD (`origin/main` after a clone), else a
 * local `main` or `master`, else `init.defaultBranch`. A UsageError when none exists, since
 * guessing a base would diff against the wrong thing.
 */
export async function defaultBranch(repo: string): Promise<string> {
  const remoteHead = await git(repo, ["symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"]).catch(
    () => "",
  );
  const remote = remoteHead.trim().replace(/^refs\/remotes\//, "");
  if (remote && (await exists(repo, remote))) return remote;
  const configured = (
    await git(repo, ["config", "--get", "init.defaultBranch"]).catch(() => "")
  ).trim();
  for (const name of [...new Set(["main", "master", configured].filter(Boolean))]) {
    if (await exists(repo, `refs/heads/${name}`)) return name;
    if (await exists(repo, `refs/remotes/origin/${name}`)) return `origin/${name}`;
  }
  throw new UsageError(
    "cannot tell which branch this repository merges into (no origin/HEAD, main or master)",
    "name the base revision: copperhead diff <rev> (for example copperhead diff HEAD~1)",
  );
}
