import { commitPaths } from "./commit.js";
import {
  type CarriedWork,
  dirtyPaths,
  headCommit,
  type RestoreOptions,
  type RestoreResult,
  restoreSnapshot,
  type Snapshot,
  takeSnapshot,
  touchedPaths,
  untrackedPaths,
} from "./snapshot.js";
import { saveWip } from "./wip-ref.js";

/**
 * The repository operations an attempt needs, and nothing else: the seam between the pipeline
 * and git. `gitWorkspace` is the real one; tests fake it to drive failures into any phase.
 */
export interface Workspace {
  readonly root: string;
  head(): Promise<string>;
  /** Tracked paths with changes, staged or not (copperhead's kept trail left out). */
  dirty(): Promise<string[]>;
  /** Untracked, not ignored paths (the kept trail left out). */
  untracked(): Promise<string[]>;
  snapshot(carried?: CarriedWork): Promise<Snapshot>;
  /** Paths changed since the snapshot (the person's untracked files never count). */
  touched(snapshot: Snapshot): Promise<string[]>;
  /** Commits exactly `paths`; returns the commit. */
  commit(paths: readonly string[], message: string): Promise<string>;
  /** Records `paths` as they are on a commit over `base`, at `ref`; the tree is untouched. */
  saveWip(base: string, paths: readonly string[], ref: string, message: string): Promise<string>;
  /** Stashes what the run touched under `name` and returns the tree to the snapshot. */
  stash(snapshot: Snapshot, name: string, options?: RestoreOptions): Promise<RestoreResult>;
}

export function gitWorkspace(root: string): Workspace {
  return {
    root,
    head: () => headCommit(root),
    dirty: () => dirtyPaths(root),
    untracked: () => untrackedPaths(root),
    snapshot: (carried) => takeSnapshot(root, carried),
    touched: (snapshot) => touchedPaths(root, snapshot),
    commit: (paths, message) => commitPaths(root, paths, message),
    saveWip: (base, paths, ref, message) => saveWip(root, { base, paths, ref, message }),
    stash: (snapshot, name, options) => restoreSnapshot(root, snapshot, name, options),
  };
}
