import { createHash } from "node:crypto";
import { join } from "node:path";
import { git } from "../repo/git.js";
import { gitDirOf } from "../repo/repo-root.js";
import { BlobHashCache } from "./blob-hash-cache.js";
import type { FileHashes } from "./fingerprint.js";
import { type BlobFormat, hashFile } from "./hash-file.js";
import { compilePattern, type PathPattern, toPathspec } from "./path-pattern.js";
import { mapPool } from "./pool.js";

const HASH_CONCURRENCY = 16;

interface Listed {
  /** Index blob id when git says the working file is exactly that blob. */
  cleanBlob?: string;
  symlink: boolean;
  gitlink?: string;
  deleted: boolean;
}

/**
 * Parses `git ls-files -z -t -s -m -d -o`: every index entry (H, S, or unmerged M), then the
 * modified (C) and deleted (R) ones again, and untracked files (?).
 */
function parseListing(out: string): Map<string, Listed> {
  const files = new Map<string, Listed>();
  const dirty = new Set<string>();
  for (const record of out.split("\0")) {
    if (record === "") continue;
    const tag = record[0];
    if (tag === "?") {
      files.set(record.slice(2), { symlink: false, deleted: false });
      dirty.add(record.slice(2));
      continue;
    }
    const tab = record.indexOf("\t");
    const [, mode, blob, stage] = record.slice(0, tab).split(" ");
    const path = record.slice(tab + 1);
    const entry = files.get(path) ?? { symlink: mode === "120000", deleted: false };
    if (tag === "R") entry.deleted = true;
    if (tag === "C" || stage !== "0") dirty.add(path);
    if (mode === "160000") entry.gitlink = blob;
    else if (!dirty.has(path)) entry.cleanBlob = blob;
    files.set(path, entry);
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
  const out = await git(repo, [
    "ls-files",
    "-z",
    "-t",
    "-s",
    "-m",
    "-d",
    "-o",
    "--exclude-standard",
    "--",
    ...patterns.map(toPathspec),
  ]);
  const matchers = patterns.map(compilePattern);
  const listed = [...parseListing(out)].filter(
    ([path, entry]) => !entry.deleted && matchers.some((m) => m(path)),
  );
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
