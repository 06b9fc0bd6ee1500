import { createHash } from "node:crypto";
import { join } from "node:path";
import { git } from "../repo/git.js";
import { gitDirOf } from "../repo/repo-root.js";
import { BlobHashCache } from "./blob-hash-cache.js";
import type { FileHashes } from "./fingerprint.js";
import { type BlobFormat, hashFile } from "./hash-file.js";
import { compilePatterns, type PathPattern, toPathspec } from "./path-pattern.js";
import { mapPool } from "./pool.js";

const HASH_CONCURRENCY = 16;

interface Listed {
  /** Index blob id when git says the working file is exactly that blob. */
  cleanBlob?: string;
  gitlink?: string;
}

/**
 * Parses `git ls-files -z -t -s -m -o`: every index entry (`H 100644 <blob> 0\t<path>`, or
 * stages 1-3 when unmerged), then the modified or deleted ones again (C), and untracked files
 * (`? <path>`). Hand-rolled over indexOf: this runs over every file on every query.
 */
function parseListing(out: string): Map<string, Listed> {
  const files = new Map<string, Listed>();
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
 * The content hashes of the files under `patterns` that git would see (tracked, plus untracked
 * files that are not ignored). Git's index tells which tracked files are unchanged; those are
 * looked up by blob id in a verified cache, so only new or edited files are read.
 */
export async function scanFiles(
  repo: string,
  patterns: readonly PathPattern[],
): Promise<FileHashes> {
  if (patterns.length === 0) return new Map();
  // A deleted file is listed as modified (C); reading it then finds nothing, so it is skipped.
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
  const listed = [...parseListing(out)].filter(([path]) => matches(path));
  const cache = await BlobHashCache.load(gitDirOf(repo));
  const hashes = new Map<string, string>();
  const toRead: Array<[string, Listed]> = [];
  for (const [path, entry] of listed) {
    if (entry.gitlink) {
      hashes.set(path, hashText(`gitlink ${entry.gitlink}`));
      continue;
    }
    const known = entry.cleanBlob ? cache.get(entry.cleanBlob) : undefined;
    if (known) hashes.set(path, known);
    else toRead.push([path, entry]);
  }
  await mapPool(toRead, HASH_CONCURRENCY, async ([path, entry]) => {
    const format: BlobFormat | undefined = entry.cleanBlob
      ? entry.cleanBlob.length === 64
        ? "sha256"
        : "sha1"
      : undefined;
    const hashed = await hashFile(join(repo, path), format);
    if (!hashed) return;
    hashes.set(path, hashed.sha256);
    if (entry.cleanBlob && hashed.blobId === entry.cleanBlob)
      cache.add(entry.cleanBlob, hashed.sha256);
  });
  await cache.save();
  return hashes;
}

function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
