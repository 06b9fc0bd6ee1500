import { isAbsolute, relative, resolve } from "node:path";

/**
 * A path for output: relative to `cwd` when it lies inside it (stable across machines and
 * checkouts), absolute otherwise (a `../../usr/share/…` climb helps nobody).
 */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? resolve(cwd, path) : rel;
}
