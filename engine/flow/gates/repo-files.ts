import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { readConfinedText } from "../../kicad/paths/read-confined.js";
import { trustScopeFor } from "../../kicad/paths/trust-scope.js";
import { UnsafeDesignError } from "../../kicad/paths/unsafe-design-error.js";
import { compilePattern, parsePattern } from "../path-pattern.js";

/**
 * A file's text, or undefined when it does not exist. A symlink out of the repository, a FIFO
 * or a device under the gate's file name is refused unread: UnsafeDesignError (see runGate).
 */
export async function readRepoText(repo: string, path: string): Promise<string | undefined> {
  const read = await readConfinedText(trustScopeFor(repo), join(repo, path), "gate input");
  if (read.status === "refused") throw new UnsafeDesignError([read.finding]);
  return read.status === "read" ? read.text : undefined;
}

async function walk(repo: string, dir: string, out: string[]): Promise<void> {
  let entries: Dirent<string>[];
  try {
    entries = await readdir(join(repo, dir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (path !== ".git") await walk(repo, path, out);
    } else if (entry.isFile()) {
      out.push(path);
    }
  }
}

/** Files on disk matching a stage path pattern, with their sizes, in path order. */
export async function filesMatching(
  repo: string,
  pattern: string,
): Promise<Array<{ path: string; size: number }>> {
  const parsed = parsePattern(pattern);
  const matches = compilePattern(parsed);
  // Walk only below the pattern's literal leading folders.
  const fixed = parsed.segments.slice(0, parsed.folder ? undefined : -1);
  const firstGlob = fixed.findIndex((s) => s.includes("*"));
  const root = (firstGlob === -1 ? fixed : fixed.slice(0, firstGlob)).join("/");
  const paths: string[] = [];
  await walk(repo, root, paths);
  const hits = paths.filter(matches).sort();
  return Promise.all(
    hits.map(async (path) => ({ path, size: (await stat(join(repo, path))).size })),
  );
}
