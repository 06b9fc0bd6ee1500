import { setTimeout as sleepFor } from "node:timers/promises";
import { EnvironmentError } from "../errors.js";
import { GitError, git } from "../repo/git.js";
import { tokenEnv } from "./git-auth.js";

/** A push that cannot succeed by retrying: the token, branch protection, or a real conflict. */
export class PushError extends EnvironmentError {}

export interface PushOptions {
  repo: string;
  stage: string;
  branch: string;
  token?: string | undefined;
  /** Pushes tried before giving up (a rebase between each). */
  maxTries?: number;
  write?: (line: string) => void;
  /** Waits between tries (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

export interface PushResult {
  /** The commit the branch points at on origin afterwards. */
  head: string;
  /** Commits of this job that reached the branch (0: it was up to date). */
  commits: number;
  /** Times the job's commits were rebased onto commits another job pushed first. */
  rebases: number;
  tries: number;
  /** The WIP refs pushed with it. */
  wipRefs: string[];
}

// What git says when the branch moved under us (or the remote was busy updating it).
const RETRYABLE =
  /\[rejected\]|fetch first|non-fast-forward|cannot lock ref|failed to update ref|incorrect old value|stale info/;

function refusal(error: GitError, branch: string): PushError {
  const text = error.stderr;
  const fix = /403|denied|Authentication failed|could not read Username|401/.test(text)
    ? "the token cannot push: set the COPPERHEAD_APP_ID and COPPERHEAD_APP_PRIVATE_KEY secrets (the App needs contents: write), or give the workflow `permissions: contents: write` for the GITHUB_TOKEN fallback"
    : /protected branch|hook declined|GH006|GH013/.test(text)
      ? `the branch ${branch} is protected against this push: let the copperhead App push to copperhead/* branches, or design on an unprotected branch`
      : "look at git's message above; the stage's commit is still in this job's clone and its work on the WIP ref";
  return new PushError(
    `could not push to ${branch}: ${text.trim().split("\n").slice(-3).join(" ")}`,
    fix,
    {
      cause: error,
    },
  );
}

const remoteRef = (branch: string) => `refs/remotes/origin/${branch}`;

async function rebaseOnto(repo: string, stage: string, branch: string, token: string | undefined) {
  await git(repo, ["fetch", "--no-tags", "origin", `+refs/heads/${branch}:${remoteRef(branch)}`], {
    env: tokenEnv(token),
  });
  try {
    // The kept work of a failed gate is in the tree: set aside and put back around the rebase.
    await git(repo, ["rebase", "--autostash", remoteRef(branch)]);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const conflicted = (await git(repo, ["diff", "--name-only", "--diff-filter=U"]).catch(() => ""))
      .split("\n")
      .filter((p) => p !== "");
    await git(repo, ["rebase", "--abort"]).catch(() => undefined);
    const rescue = `refs/copperhead/unmerged/${stage}/${Date.now()}`;
    await git(repo, ["update-ref", rescue, "HEAD"]);
    await git(repo, ["push", "origin", `${rescue}:${rescue}`], { env: tokenEnv(token) }).catch(
      () => undefined,
    );
    throw new PushError(
      `the ${stage} commit does not rebase onto ${branch} as it is now${conflicted.length > 0 ? ` (conflicts in ${conflicted.slice(0, 5).join(", ")})` : ""}`,
      `nothing is lost: the commit is on ${rescue} (pushed to origin when the token allowed it); someone changed a file the stage owns meanwhile — merge it by hand, or rerun the stage`,
      { cause: error },
    );
  }
}

/**
 * Pushes the job's stage commit (or failed attempt's trail commit) to the branch, with the WIP
 * refs of this stage's attempts. When another job pushed first (layout and firmware run side
 * by side), fetch, rebase onto it and try again, with a growing pause: the logs they both
 * append to merge by union, everything else each stage writes is its own.
 */
export async function pushStage(options: PushOptions): Promise<PushResult> {
  const { repo, stage, branch, token } = options;
  const maxTries = options.maxTries ?? 8;
  const write = options.write ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  const wipRefs = (
    await git(repo, ["for-each-ref", "--format=%(refname)", `refs/copperhead/wip/${stage}/`])
  )
    .split("\n")
    .filter((l) => l !== "");
  let rebases = 0;
  for (let tries = 1; ; tries++) {
    const before = await git(repo, ["ls-remote", "origin", `refs/heads/${branch}`], {
      env: tokenEnv(token),
    }).then((out) => out.split("\t")[0]?.trim() ?? "");
    try {
      await git(
        repo,
        ["push", "origin", `HEAD:refs/heads/${branch}`, ...wipRefs.map((r) => `+${r}:${r}`)],
        { env: tokenEnv(token) },
      );
      const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
      const commits =
        before === ""
          ? Number((await git(repo, ["rev-list", "--count", "HEAD"])).trim())
          : Number((await git(repo, ["rev-list", "--count", `${before}..HEAD`])).trim());
      return { head, commits, rebases, tries, wipRefs };
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      if (!RETRYABLE.test(error.stderr)) throw refusal(error, branch);
      if (tries >= maxTries) {
        throw new PushError(
          `could not push to ${branch} after ${tries} tries: it kept moving`,
          "run the job again (it works on the branch tip); the commit is in this job's clone",
          { cause: error },
        );
      }
      write(
        `${branch} moved on origin: rebasing the ${stage} commit onto it (try ${tries + 1} of ${maxTries})`,
      );
      // A pause that grows, with jitter, so two jobs that collided do not collide again.
      await sleep(Math.min(15_000, 500 * 2 ** (tries - 1)) + Math.floor(Math.random() * 250));
      await rebaseOnto(repo, stage, branch, token);
      rebases++;
    }
  }
}
