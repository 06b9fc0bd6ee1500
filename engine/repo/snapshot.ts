import { rm } from "node:fs/promises";
import { join } from "node:path";
import { git } from "./git.js";

/**
 * What a run starts from: HEAD, the person's untracked files, and any work an earlier attempt
 * left in the tree on purpose (a finished run whose gate failed is kept for the next attempt
 * to build on). The untracked list is what makes rollback safe for a person's work: a file
 * that was untracked before the run is theirs, so restore never stashes, deletes or
 * `git clean`s it. Carried work is copperhead's: a rollback stashes it with the rest and then
 * puts it back exactly as it was, so the tree returns to the snapshot.
 */
export interface Snapshot {
  head: string;
  untracked: string[];
  carried?: CarriedWork;
}

/** Work left in the tree by an earlier attempt, as recorded on its WIP commit. */
export interface CarriedWork {
  /** The WIP commit holding it (its parent is the commit the work was made on). */
  commit: string;
  /** The paths it changed, deletions included. */
  paths: string[];
  /** The ref naming it (`refs/copperhead/wip/<stage>/<n>`), when known. */
  ref?: string;
}

/** Copperhead's own trail: kept across a rollback, never stashed or committed with the work. */
export const KEPT_PATHS = [".copperhead/runs/", ".copperhead/cache/"] as const;

export function isKeptPath(path: string): boolean {
  return KEPT_PATHS.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

/** One `git status` entry's paths (both sides of a rename). */
export interface StatusEntry {
  code: string;
  paths: string[];
}

/** `git status` of the whole tree, every untracked file listed (ignored ones left out). */
export async function statusEntries(repo: string): Promise<StatusEntry[]> {
  const out = await git(repo, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  const fields = out.split("\0");
  const entries: StatusEntry[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] ?? "";
    if (field.length < 4) continue;
    const code = field.slice(0, 2);
    const paths = [field.slice(3)];
    // A rename or copy carries its source as the next NUL field.
    if (code.includes("R") || code.includes("C")) paths.push(fields[++i] ?? "");
    entries.push({ code, paths: paths.filter((p) => p !== "") });
  }
  return entries;
}

export async function headCommit(repo: string): Promise<string> {
  return (await git(repo, ["rev-parse", "--verify", "HEAD"])).trim();
}

export async function takeSnapshot(repo: string, carried?: CarriedWork): Promise<Snapshot> {
  const head = await headCommit(repo);
  const ours = new Set(carried?.paths ?? []);
  const untracked = (await statusEntries(repo))
    .filter((e) => e.code === "??")
    .flatMap((e) => e.paths)
    .filter((p) => !ours.has(p))
    .sort();
  return { head, untracked, ...(carried ? { carried } : {}) };
}

/** Tracked files with changes (staged or not); untracked files do not make a tree dirty. */
export async function dirtyPaths(repo: string): Promise<string[]> {
  return (await statusEntries(repo))
    .filter((e) => e.code !== "??" && e.code !== "!!")
    .flatMap((e) => e.paths)
    .filter((p) => !isKeptPath(p))
    .sort();
}

/** Untracked, not ignored files outside copperhead's kept trail. */
export async function untrackedPaths(repo: string): Promise<string[]> {
  return (await statusEntries(repo))
    .filter((e) => e.code === "??")
    .flatMap((e) => e.paths)
    .filter((p) => !isKeptPath(p))
    .sort();
}

/**
 * Paths the run changed since the snapshot's commit: tracked changes and new untracked files,
 * minus the person's pre-existing untracked files and copperhead's kept trail. Carried work
 * counts (it differs from the commit), so a rollback sets it aside with the rest.
 */
export async function touchedPaths(repo: string, snapshot: Snapshot): Promise<string[]> {
  const before = new Set(snapshot.untracked);
  // Against the snapshot's commit, so work the run committed counts as touched too. No rename
  // detection: a rename is two touched paths, or the stash would miss the old one's deletion.
  const changed = (await git(repo, ["diff", "--name-only", "--no-renames", "-z", snapshot.head]))
    .split("\0")
    .filter((p) => p !== "");
  const untracked = (await statusEntries(repo))
    .filter((e) => e.code === "??")
    .flatMap((e) => e.paths);
  return [...new Set([...changed, ...untracked])]
    .filter((p) => !isKeptPath(p) && !before.has(p))
    .sort();
}

export interface StashEntry {
  name: string;
  /** The stash commit (apply with `git stash apply <sha>`). */
  sha: string;
  paths: string[];
}

export interface RestoreResult {
  /** The stash holding the run's work, if it touched anything. */
  stash?: StashEntry;
}

export interface RestoreOptions {
  /** Paths that stay as they are (the attempt's audit trail, committed separately). */
  keep?: readonly string[];
}

const literal = (paths: readonly string[]) => paths.map((p) => `:(literal)${p}`);

/**
 * Rolls the tree back to the snapshot without destroying anything: the run's work goes into a
 * named stash entry first (so `git stash apply` brings it back), then HEAD returns to the
 * snapshot and carried work is put back. Pre-existing untracked files, `.copperhead/runs/` and
 * the `keep` paths are left exactly as they are.
 */
export async function restoreSnapshot(
  repo: string,
  snapshot: Snapshot,
  stashName: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const head = await headCommit(repo);
  // Commits the run made become staged changes, so they are stashed with the rest.
  if (head !== snapshot.head) await git(repo, ["reset", "--soft", snapshot.head]);
  const keep = new Set(options.keep ?? []);
  const paths = (await touchedPaths(repo, snapshot)).filter((p) => !keep.has(p));
  if (paths.length === 0) return {};
  const stash = await stashPaths(repo, paths, stashName);
  if (snapshot.carried) await putBackCarried(repo, snapshot.carried);
  return { stash };
}

/**
 * Moves exactly `paths` (edits, new files, deletions) into a named stash entry; everything else
 * in the tree and the index stays as it is.
 */
export async function stashPaths(
  repo: string,
  paths: readonly string[],
  name: string,
): Promise<StashEntry> {
  // Unstage first: `stash push -- <path>` rejects a path deleted in the index (a staged `git mv`
  // or `git rm`, or one a soft reset left staged); as a worktree change it stashes like any other.
  await git(repo, ["reset", "-q", "--", ...literal(paths)]);
  await git(repo, [
    "stash",
    "push",
    "--include-untracked",
    "--message",
    name,
    "--",
    ...literal(paths),
  ]);
  const sha = (await git(repo, ["rev-parse", "--verify", "stash@{0}"])).trim();
  return { name, sha, paths: [...paths] };
}

/**
 * Writes carried work back into the working tree as it was before the run (unstaged: new
 * files untracked again, edits as worktree changes, deletions deleted).
 */
export async function putBackCarried(repo: string, carried: CarriedWork): Promise<void> {
  if (carried.paths.length === 0) return;
  const inCommit = new Set(
    (
      await git(repo, [
        "ls-tree",
        "-r",
        "-z",
        "--name-only",
        carried.commit,
        "--",
        ...literal(carried.paths),
      ])
    )
      .split("\0")
      .filter((p) => p !== ""),
  );
  const present = carried.paths.filter((p) => inCommit.has(p));
  const deleted = carried.paths.filter((p) => !inCommit.has(p));
  if (present.length > 0) {
    await git(repo, ["checkout", carried.commit, "--", ...literal(present)]);
    await git(repo, ["reset", "-q", "--", ...literal(present)]);
  }
  for (const path of deleted) await rm(join(repo, path), { force: true });
}

/** The blob a stash holds for `path` (tracked change or untracked file), or "" for none. */
async function stashBlob(repo: string, sha: string, path: string): Promise<string> {
  for (const tree of [sha, `${sha}^3`]) {
    const blob = await git(repo, ["rev-parse", "--verify", "--quiet", `${tree}:${path}`]).catch(
      () => "",
    );
    if (blob.trim() !== "") return blob.trim();
  }
  return "";
}

/**
 * Drops a stash entry whose every path holds, at HEAD, exactly what the stash holds: the work is
 * committed, so the stash is a duplicate. Anything that differs (or a stash already gone) keeps
 * it: only a provable duplicate is removed. Returns whether it was dropped.
 */
export async function dropStashIfCommitted(
  repo: string,
  stash: { sha: string; paths: readonly string[] },
): Promise<boolean> {
  for (const path of stash.paths) {
    const committed = await git(repo, ["rev-parse", "--verify", "--quiet", `HEAD:${path}`]).catch(
      () => "",
    );
    if (committed.trim() !== (await stashBlob(repo, stash.sha, path))) return false;
  }
  const shas = (await git(repo, ["stash", "list", "--format=%H"])).split("\n");
  const index = shas.indexOf(stash.sha);
  if (index < 0) return false;
  await git(repo, ["stash", "drop", "--quiet", `stash@{${index}}`]);
  return true;
}

/** `20250101T120000Z`: sortable, second-resolution UTC. */
export function utcStamp(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** `copperhead: schematic attempt 2 20250101T120000Z`: what `git stash list` shows for a stage. */
export function attemptStashName(stage: string, attempt: number, at: number): string {
  return `copperhead: ${stage} attempt ${attempt} ${utcStamp(at)}`;
}
