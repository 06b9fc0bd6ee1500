import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TempDir {
  dir: string;
  path(...parts: string[]): string;
  remove(): Promise<void>;
}

/** A fresh empty folder under the system temp dir; call `remove()` when done. */
export async function makeTempDir(prefix = "copperhead-test-"): Promise<TempDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
