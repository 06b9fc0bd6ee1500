import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Every file of a working tree (`.git/` left out) → the sha256 of its bytes, so a test can say
 * "byte-identical to before" of a whole tree. `skip` leaves out paths (or folders, with a
 * trailing slash) a command is meant to change, such as copperhead's own run trail.
 */
export async function treeState(
  root: string,
  skip: readonly string[] = [],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (path === ".git") continue;
      if (skip.some((s) => (s.endsWith("/") ? `${path}/`.startsWith(s) : path === s))) continue;
      if (entry.isDirectory()) await walk(path);
      else
        out[path] = createHash("sha256")
          .update(await readFile(join(root, path)))
          .digest("hex");
    }
  };
  await walk("");
  return out;
}

/**
 * What an attempt may change besides its work: its audit trail and the response cache (which
 * ignores itself).
 */
export const TRAIL = [
  ".copperhead/runs/",
  ".copperhead/events.jsonl",
  ".gitattributes",
  ".copperhead/cache/",
];
