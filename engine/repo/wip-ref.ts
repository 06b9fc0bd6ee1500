import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { git } from "./git.js";
import type { CarriedWork } from "./snapshot.js";

/** Where an attempt's unfinished work is kept: a ref that is pushed with the branch's trail. */
export function wipRef(stage: string, attempt: number): string {
  return `refs/copperhead/wip/${stage}/${attempt}`;
}

const literal = (paths: readonly string[]) => paths.map((p) => `:(literal)${p}`);

/**
 * Records `paths` as they are in the working tree (edits, new files, deletions) in a commit on
 * top of `base`, and points `ref` at it, without touching the index, the tree or HEAD: a
 * throwaway index holds the tree. `git cherry-pick --no-commit <ref>` (or `git checkout <ref>
 * -- <path>`) brings the work back on any clone that fetched the ref.
 */
export async function saveWip(
  repo: string,
  options: { base: string; paths: readonly string[]; ref: string; message: string },
): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), "copperhead-wip-"));
  const env = { GIT_INDEX_FILE: join(scratch, "index") };
  try {
    await git(repo, ["read-tree", options.base], { env });
    if (options.paths.length > 0) {
      await git(repo, ["add", "-A", "--", ...literal(options.paths)], { env });
    }
    const tree = (await git(repo, ["write-tree"], { env })).trim();
    const commit = (
      await git(repo, ["commit-tree", tree, "-p", options.base, "-F", "-"], {
        input: options.message,
      })
    ).trim();
    await git(repo, ["update-ref", "-m", "copperhead: unfinished attempt", options.ref, commit]);
    return commit;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The work a WIP commit holds: the paths it changes against its parent. */
export async function wipWork(repo: string, commit: string): Promise<CarriedWork> {
  const paths = (
    await git(repo, [
      "diff-tree",
      "-r",
      "-z",
      "--no-commit-id",
      "--name-only",
      `${commit}^`,
      commit,
    ])
  )
    .split("\0")
    .filter((p) => p !== "")
    .sort();
  return { commit, paths };
}

/** The commit a ref points at, or undefined when there is no such ref. */
export async function resolveRef(repo: string, ref: string): Promise<string | undefined> {
  const out = await git(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]).catch(
    () => "",
  );
  return out.trim() === "" ? undefined : out.trim();
}
