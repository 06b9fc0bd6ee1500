import { join } from "node:path";
import { commitTrailer } from "../repo/commit.js";
import { git } from "../repo/git.js";
import { pathExists } from "../repo/path-exists.js";
import { type CarriedWork, putBackCarried } from "../repo/snapshot.js";
import { resolveRef, wipWork } from "../repo/wip-ref.js";

/** The trailer a failed attempt's trail commit carries when its work stayed in the tree. */
export const KEPT_TRAILER = "Copperhead-Kept";

export interface KeptWork {
  /** The kept work the next attempt builds on (in the tree now). */
  carried?: CarriedWork;
  /** It was not in the tree (a fresh clone, a CI runner): it was put back from its WIP ref. */
  reapplied?: boolean;
  /** HEAD names kept work on a ref this clone does not have. */
  missingRef?: string;
}

/**
 * `path` → its blob id in the working tree, or "" when it does not exist. One `hash-object` per
 * path: kept work is a handful of files, and one id per call needs no parsing.
 */
async function worktreeBlobs(repo: string, paths: readonly string[]): Promise<Map<string, string>> {
  const blobs = new Map<string, string>();
  for (const p of paths) {
    const id = (await pathExists(join(repo, p))) ? await git(repo, ["hash-object", "--", p]) : "";
    blobs.set(p, id.trim());
  }
  return blobs;
}

async function blobsAt(repo: string, commit: string, paths: readonly string[]) {
  const blobs = new Map<string, string>();
  for (const p of paths) {
    const id = await git(repo, ["rev-parse", "--verify", "--quiet", `${commit}:${p}`]).catch(
      () => "",
    );
    blobs.set(p, id.trim());
  }
  return blobs;
}

const same = (a: Map<string, string>, b: Map<string, string>) =>
  [...a].every(([path, id]) => b.get(path) === id);

/**
 * The work a failed attempt kept in the tree for the next one, when HEAD is that attempt's
 * trail commit (its `Copperhead-Kept` trailer names the WIP ref). It is carried when the tree
 * holds exactly that work; when the tree holds none of it (a fresh clone, a CI runner) it is
 * put back from the ref, unless `fresh`; anything in between — a kept path edited, or a version
 * of one staged — is someone's edit and carries nothing (the dirty-tree check then names the
 * paths).
 */
export async function keptWork(repo: string, options: { fresh?: boolean } = {}): Promise<KeptWork> {
  const ref = await commitTrailer(repo, "HEAD", KEPT_TRAILER);
  if (!ref) return {};
  const commit = await resolveRef(repo, ref);
  if (!commit) return { missingRef: ref };
  const work = { ...(await wipWork(repo, commit)), ref };
  const tree = await worktreeBlobs(repo, work.paths);
  if (same(await blobsAt(repo, commit, work.paths), tree)) return { carried: work };
  if (options.fresh) return {};
  // None of it in the tree means HEAD's version in the working tree and in the index: putting
  // the work back resets those paths in the index, so a version the person staged there (even
  // with the file itself reverted) is theirs and stops the put-back.
  const atHead = await blobsAt(repo, "HEAD", work.paths);
  if (!same(atHead, tree) || !same(atHead, await blobsAt(repo, "", work.paths))) return {};
  await putBackCarried(repo, work);
  return { carried: work, reapplied: true };
}
