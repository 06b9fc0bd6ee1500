import { readConfig } from "../repo/config.js";
import { GitError, git } from "../repo/git.js";
import { tokenEnv } from "./git-auth.js";
import { ensureCloneUnionMerge } from "./union-logs.js";

/** Who the stage commits of a job are by when the clone names nobody (a fresh runner). */
export const JOB_IDENTITY = {
  name: "copperhead",
  email: "copperhead@users.noreply.github.com",
};

/** The WIP refs of every attempt that set work aside (docs/stage.md). */
export const WIP_REFSPEC = "+refs/copperhead/wip/*:refs/copperhead/wip/*";

async function configured(repo: string, key: string): Promise<boolean> {
  try {
    return (await git(repo, ["config", "--get", key])).trim() !== "";
  } catch (error) {
    if (error instanceof GitError && error.exitCode === 1) return false;
    throw error;
  }
}

/**
 * `copperhead job fetch`, after the checkout: a container job runs as root on a workspace the
 * runner's user owns, so git is told to trust it; commits get an identity when the clone has
 * none; the append-only logs merge by union in this clone; and the WIP refs come from origin,
 * so a stage whose last attempt kept its work (a gate failure) builds on it.
 */
export async function prepareClone(
  repo: string,
  options: { token?: string | undefined; env?: NodeJS.ProcessEnv },
): Promise<{ wipRefs: number }> {
  try {
    await git(repo, ["rev-parse", "--git-dir"]);
  } catch (error) {
    if (!(error instanceof GitError) || !/dubious ownership/.test(error.stderr)) throw error;
    await git(repo, ["config", "--global", "--add", "safe.directory", repo]);
  }
  const env = options.env ?? process.env;
  if (!(await configured(repo, "user.name"))) {
    await git(repo, ["config", "user.name", env.COPPERHEAD_GIT_NAME || JOB_IDENTITY.name]);
  }
  if (!(await configured(repo, "user.email"))) {
    await git(repo, ["config", "user.email", env.COPPERHEAD_GIT_EMAIL || JOB_IDENTITY.email]);
  }
  const config = await readConfig(repo);
  await ensureCloneUnionMerge(repo, config.paths.docs);
  await git(repo, ["fetch", "--no-tags", "origin", WIP_REFSPEC], { env: tokenEnv(options.token) });
  const refs = (await git(repo, ["for-each-ref", "--format=%(refname)", "refs/copperhead/wip/"]))
    .split("\n")
    .filter((l) => l !== "");
  return { wipRefs: refs.length };
}
