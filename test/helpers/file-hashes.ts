import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * Every entry under `root` with the sha256 of its bytes (and its mode), keyed by relative path:
 * compare two of these to prove a command changed nothing it was not meant to.
 */
export async function fileHashes(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await lstat(path);
    const mode = (info.mode & 0o7777).toString(8);
    out[relative(root, path)] = entry.isFile()
      ? `${createHash("sha256")
          .update(await readFile(path))
          .digest("hex")} ${mode}`
      : `${entry.isDirectory() ? "folder" : "other"} ${mode}`;
  }
  return out;
}
