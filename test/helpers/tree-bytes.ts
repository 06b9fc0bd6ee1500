import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * Every file under `root` (the `.git` folder aside) with the sha256 of its bytes, keyed by its
 * slash-separated relative path. Comparing two of these proves a refused or failed call left
 * every file it could have touched byte-identical, and created or removed none.
 */
export async function treeBytes(
  root: string,
  skip: (path: string) => boolean = () => false,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const absolute = join(entry.parentPath, entry.name);
    const path = relative(root, absolute).split("\\").join("/");
    if (path === ".git" || path.startsWith(".git/") || skip(path)) continue;
    const bytes = entry.isFile() ? await readFile(absolute) : Buffer.from("symlink");
    out[path] = createHash("sha256").update(bytes).digest("hex");
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
