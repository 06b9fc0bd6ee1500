import { git } from "../repo/git.js";
import { compilePatterns, type PathPattern, toPathspec } from "./path-pattern.js";

/** What git says about one file under the flow's patterns. */
export interface ListedFile {
  /** The index blob id, present only when git says the working file is exactly that blob. */
  cleanBlob?: string;
  /** A submodule: the commit it points at. */
  gitlink?: string;
}

/**
 * Parses `git ls-files -z -t -s -m -o`: every index entry (`H 100644 <blob> 0\t<path>`, or
 * stages 1-3 when unmerged), then the modified or deleted ones again (C), and untracked files
 * (`? <path>`). Hand-rolled over indexOf: this runs over every file on every query.
 */
function parseListing(out: string): Map<string, ListedFile> {
  const files = new Map<string, ListedFile>();
  const dirty = new Set<string>();
  let pos = 0;
  while (pos < out.length) {
    const stop = out.indexOf("\0", pos);
    const end = stop === -1 ? out.length : stop;
    const tag = out[pos];
    if (tag === "?") {
      const path = out.slice(pos + 2, end);
      files.set(path, {});
      dirty.add(path);
    } else if (end > pos) {
      const tab = out.indexOf("\t", pos);
      const mode = out.slice(pos + 2, pos + 8);
      const blob = out.slice(pos + 9, tab - 2);
      const path = out.slice(tab + 1, end);
      let entry = files.get(path);
      if (!entry) {
        entry = {};
        files.set(path, entry);
      }
      if (tag === "C" || out[tab - 1] !== "0") dirty.add(path);
      if (mode === "160000") entry.gitlink = blob;
      else entry.cleanBlob = blob;
    }
    pos = end + 1;
  }
  for (const path of dirty) delete files.get(path)!.cleanBlob;
  return files;
}

/**
 * The files under `patterns` that git sees — tracked ones, plus untracked ones that are not
 * ignored — in git's order, with the blob id of each file git knows to be unchanged. A deleted
 * tracked file is still listed (as changed); reading it later finds nothing.
 */
export async function listFiles(
  repo: string,
  patterns: readonly PathPattern[],
): Promise<Map<string, ListedFile>> {
  if (patterns.length === 0) return new Map();
  const out = await git(repo, [
    "ls-files",
    "-z",
    "-t",
    "-s",
    "-m",
    "-o",
    "--exclude-standard",
    "--",
    ...patterns.map(toPathspec),
  ]);
  // git's pathspecs select a superset (a pathspec also matches below a same-named folder).
  const matches = compilePatterns(patterns);
  const listing = parseListing(out);
  for (const path of listing.keys()) if (!matches(path)) listing.delete(path);
  return listing;
}
