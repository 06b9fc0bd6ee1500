import { git } from "./git.js";

/**
 * What a run starts from: HEAD and the untracked files already there. The untracked list is
 * what makes rollback safe for a person's work: a file that was untracked before the run is
 * theirs, so restore never stashes, deletes or `git clean`s it.
 */
export interface Snapshot {
  head: string;
  untracked: string[];
}

/** Copperhead's own trail: kept across a rollback, never stashed or committed with the work. */
export const KEPT_PATHS = [".copperhead/runs/", ".copperhead/cache/"] as const;

export function isKeptPath(path: string): boolean {
  return KEPT_PATHS.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

/** One `git status` entry's paths (both sides of a rename). */
interface StatusEntry {
  code: string;
  paths: string[];
}

async function status(repo: string): Promise<StatusEntry[]> {
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

export async function takeSnapshot(repo: string): Promise<Snapshot> {
  const head = (await git(repo, ["rev-parse", "--verify", "HEAD"])).trim();
  const untracked = (await status(repo))
    .filter((e) => e.code === "??")
    .flatMap((e) => e.paths)
    .sort();
  return { head, untracked };
}

/** Tracked files with changes (staged or not); untracked files do not make a tree dirty. */
export async function dirtyPaths(repo: string): Promise<string[]> {
  return (await status(repo))
    .filter((e) => e.code !== "??" && e.code !== "!!")
    .flatMap((e) => e.paths)
    .filter((p) => !isKeptPath(p))
    .sort();
}

/**
 * Paths the run changed since the snapshot: tracked changes and new untracked files, minus the
 * person's pre-existing untracked files and copperhead's kept trail.
 */
export async function touchedPaths(repo: string, snapshot: Snapshot): Promise<string[]> {
  const before = new Set(snapshot.untracked);
  // Against the snapshot's commit, so work the run committed counts as touched too.
  const changed = (await git(repo, ["diff", "--name-only", "-z", snapshot.head]))
    .split("\0")
    .filter((p) => p !== "");
  const untracked = (await status(repo)).filter((e) => e.code === "??").flatMap((e) => e.paths);
  return [...new Set([...changed, ...untracked])]
    .filter((p) => !isKeptPath(p) && !before.has(p))
    .sort();
}

export interface RestoreResult {
  /** The stash commit holding the run's work (apply with `git stash apply <sha>`), if any. */
  stash?: { name: string; sha: string; paths: string[] };
}

/**
 * Rolls the tree back to the snapshot without destroying anything: the run's work goes into a
 * named stash entry first (so `git stash apply` brings it back), then HEAD returns to the
 * snapshot. Pre-existing untracked files and `.copperhead/runs/` are left exactly as they are.
 */
export async function restoreSnapshot(
  repo: string,
  snapshot: Snapshot,
  stashName: string,
): Promise<RestoreResult> {
  const head = (await git(repo, ["rev-parse", "--verify", "HEAD"])).trim();
  // Commits the run made become staged changes, so they are stashed with the rest.
  if (head !== snapshot.head) await git(repo, ["reset", "--soft", snapshot.head]);
  const paths = await touchedPaths(repo, snapshot);
  if (paths.length === 0) return {};
  await git(repo, [
    "stash",
    "push",
    "--include-untracked",
    "--message",
    stashName,
    "--",
    ...paths.map((p) => `:(literal)${p}`),
  ]);
  const sha = (await git(repo, ["rev-parse", "--verify", "stash@{0}"])).trim();
  return { stash: { name: stashName, sha, paths } };
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
