import { join } from "node:path";
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
  /**
   * Commits were made on top of the trail commit that change kept paths: those commits are the
   * work to build on, and the kept work stays on its ref (`paths` are the ones they changed).
   */
  superseded?: { ref: string; paths: string[] };
}

/** How far back along the branch the last attempt's trail commit is looked for. */
const TRAIL_SEARCH = 200;

/**
 * The newest commit along HEAD's first parents that copperhead made (a Stage or Kept trailer),
 * with the ref its Kept trailer names: the last attempt's trail, whatever a person committed
 * on top of it since. A merge of another branch is walked through on its first parent.
 */
async function lastTrail(repo: string): Promise<{ commit: string; ref?: string } | undefined> {
  const log = await git(repo, [
    "log",
    "--first-parent",
    `-n${TRAIL_SEARCH}`,
    `--format=%H%x1f%(trailers:key=Copperhead-Stage,valueonly,separator=%x2C)%x1f%(trailers:key=${KEPT_TRAILER},valueonly,separator=%x2C)%x1e`,
    "HEAD",
  ]).catch(() => "");
  for (const record of log.split("\x1e")) {
    const [commit, stage, kept] = record.trim().split("\x1f");
    if (!commit || (!stage?.trim() && !kept?.trim())) continue;
    const ref = kept?.split(",").at(-1)?.trim();
    return ref ? { commit, ref } : { commit };
  }
  return undefined;
}

/** Paths changed between two commits. */
async function changedSince(repo: string, from: string): Promise<Set<string>> {
  const out = await git(repo, ["diff", "--name-only", "-z", "--no-renames", from, "HEAD"]);
  return new Set(out.split("\0").filter((p) => p !== ""));
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
 * The work a failed attempt kept in the tree for the next one, when the last commit copperhead
 * made is that attempt's trail commit (its `Copperhead-Kept` trailer names the WIP ref). Commits
 * a person made on top of it since (a fix pushed before `/copperhead retry`) keep it when they
 * leave every kept path alone; when they change one, they are the newer work and the kept work
 * is left on its ref (`superseded`), never mixed with theirs. It is carried when the tree
 * holds exactly that work; when the tree holds none of it (a fresh clone, a CI runner) it is
 * put back from the ref, unless `fresh`; anything in between — a kept path edited, or a version
 * of one staged — is someone's edit and carries nothing (the dirty-tree check then names the
 * paths).
 */
export async function keptWork(repo: string, options: { fresh?: boolean } = {}): Promise<KeptWork> {
  const trail = await lastTrail(repo);
  const ref = trail?.ref;
  if (!trail || !ref) return {};
  const commit = await resolveRef(repo, ref);
  if (!commit) return { missingRef: ref };
  const work = { ...(await wipWork(repo, commit)), ref };
  const since = await changedSince(repo, trail.commit);
  const taken = work.paths.filter((p) => since.has(p));
  if (taken.length > 0) return { superseded: { ref, paths: taken } };
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
