import { readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * The libraries in `dirs` whose entries end in `ext` (`.kicad_sym` files, `.pretty` folders),
 * by nickname, in folder order then name order; when two folders hold the same nickname, the
 * first wins. A folder that cannot be read is skipped.
 */
export async function libraryEntries(
  dirs: readonly string[],
  ext: string,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = (await readdir(dir)).sort();
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.endsWith(ext)) continue;
      const nickname = entry.slice(0, -ext.length);
      if (!found.has(nickname)) found.set(nickname, join(dir, entry));
    }
  }
  return found;
}
