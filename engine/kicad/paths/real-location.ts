import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";

/** Where a path really leads: symlinks of every existing part resolved, the missing tail kept. */
export interface RealLocation {
  real: string;
  exists: boolean;
  /** A symlink that leads nowhere (it cannot be resolved, so where it would lead is unknown). */
  dangling: boolean;
}

/**
 * Resolves `path` through its nearest existing ancestor, so a file that does not exist yet is
 * judged by the real folder it would be created in (a symlinked folder leading out counts).
 * Only lstat and realpath touch the file system: nothing is opened, so a FIFO or a /proc file
 * cannot block and nothing is read.
 */
export async function realLocation(path: string): Promise<RealLocation> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    const found = await lstat(current).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "ENOTDIR") return false;
        throw error;
      },
    );
    if (found) {
      const real = await realpath(current).catch(() => undefined);
      if (real === undefined) return { real: path, exists: false, dangling: true };
      return {
        real: join(real, missing.reverse().join("/")),
        exists: missing.length === 0,
        dangling: false,
      };
    }
    const parent = dirname(current);
    if (parent === current) return { real: path, exists: false, dangling: false };
    missing.push(basename(current));
    current = parent;
  }
}

/** True when `path` is `root` or below it (both absolute and normalised). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || !(rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}
