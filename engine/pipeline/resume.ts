import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { runDir } from "../flow/run-paths.js";
import { readOptional } from "../repo/read-optional.js";
import {
  headCommit,
  restoreSnapshot,
  type Snapshot,
  type StashEntry,
  touchedPaths,
} from "../repo/snapshot.js";

/** What a paused run leaves so the next run of the same scope can resume it. */
const pausedSchema = z.object({
  snapshot: z.object({ head: z.string(), untracked: z.array(z.string()) }),
  touched: z.array(z.string()),
});

/** `.copperhead/runs/<scope>/paused.json` */
export function pausedPath(scope: string): string {
  return `.copperhead/runs/${scope}/paused.json`;
}

export async function writePaused(
  repo: string,
  scope: string,
  snapshot: Snapshot,
  touched: readonly string[],
): Promise<void> {
  const record = { snapshot: { head: snapshot.head, untracked: snapshot.untracked }, touched };
  await atomicWrite(join(repo, pausedPath(scope)), `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * A paused run left its work in the tree. If the tree holds only that work (nothing of the
 * person's since), set it aside under `stashName` and start from the snapshot again: the
 * response cache replays the paid-for turns, which redo the same edits at zero tokens. A
 * record that is not readable, or a tree someone moved on from, is left to the dirty-tree check.
 */
export async function resumePaused(
  repo: string,
  scope: string,
  stashName: string,
): Promise<StashEntry | undefined> {
  const file = join(repo, pausedPath(scope));
  const text = await readOptional(file);
  if (text === undefined) return undefined;
  await rm(file, { force: true });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = pausedSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const snapshot: Snapshot = parsed.data.snapshot;
  const ours = new Set(parsed.data.touched);
  const nowTouched = await touchedPaths(repo, snapshot).catch(() => undefined);
  if ((await headCommit(repo)) !== snapshot.head || !nowTouched?.every((p) => ours.has(p))) {
    return undefined;
  }
  return (await restoreSnapshot(repo, snapshot, stashName)).stash;
}

/** Runs outside the flow log are numbered per scope, so each keeps its own folder. */
export async function nextRunNumber(repo: string, scope: string): Promise<number> {
  const dir = join(repo, runDir(scope, 1), "..");
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 1;
    throw error;
  }
  const numbers = entries.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return numbers.reduce((a, b) => Math.max(a, b), 0) + 1;
}
