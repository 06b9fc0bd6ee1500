import { createHash } from "node:crypto";
import { gitDirOf } from "../repo/repo-root.js";
import type { Fingerprints } from "./events.js";
import { fingerprintPattern, lowerBound } from "./fingerprint.js";
import { type ListedFile, listFiles } from "./git-listing.js";
import { HashCache } from "./hash-cache.js";
import { hashListed } from "./hash-listed.js";
import { compilePattern, type PathPattern } from "./path-pattern.js";

/**
 * Names a pattern's exact clean state: the pattern and, in path order, each matched path with
 * its blob id. Undefined when a matched file is new or edited (its content has no id yet).
 */
function cleanStateKey(
  pattern: PathPattern,
  members: Array<[string, ListedFile]>,
): string | undefined {
  const parts = [`v1\0${pattern.source}\n`];
  for (const [path, entry] of members) {
    const id = entry.gitlink ? `gitlink:${entry.gitlink}` : entry.cleanBlob;
    if (!id) return undefined;
    parts.push(`${path}\0${id}\n`);
  }
  return createHash("sha256").update(parts.join("")).digest("hex");
}

/**
 * Each pattern's files, in path order. Everything a pattern matches starts with its literal
 * prefix, and those paths sit together once sorted: binary-search to the first, stop at the last.
 */
function membersByPattern(
  patterns: readonly PathPattern[],
  listing: ReadonlyMap<string, ListedFile>,
): Map<string, Array<[string, ListedFile]>> {
  // git lists tracked files sorted already, so this sort is nearly free.
  const sorted = [...listing.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const members = new Map<string, Array<[string, ListedFile]>>();
  for (const pattern of patterns) {
    const matches = compilePattern(pattern);
    const star = pattern.source.indexOf("*");
    const prefix = star === -1 ? pattern.source : pattern.source.slice(0, star);
    const files: Array<[string, ListedFile]> = [];
    for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
      const path = sorted[i]!;
      if (!path.startsWith(prefix)) break;
      if (matches(path)) files.push([path, listing.get(path)!]);
    }
    members.set(pattern.source, files);
  }
  return members;
}

/**
 * Fingerprints of `patterns` over the files as they are now (see fingerprint.ts for what they
 * cover). A pattern whose files git reports unchanged is answered from a cache keyed by its
 * exact (path, blob id) list — filled only from hashes checked against those blobs — so a
 * status query costs about one `git ls-files` when little has changed.
 */
export async function currentFingerprints(
  repo: string,
  patterns: readonly PathPattern[],
): Promise<Fingerprints> {
  const listing = await listFiles(repo, patterns);
  const members = membersByPattern(patterns, listing);

  const gitDir = gitDirOf(repo);
  const patternCache = await HashCache.load(gitDir, "pattern-sha256");
  const out: Fingerprints = {};
  const misses: Array<{ pattern: PathPattern; key: string | undefined }> = [];
  for (const pattern of patterns) {
    const files = members.get(pattern.source)!;
    if (files.length === 0) {
      out[pattern.source] = null;
      continue;
    }
    const key = cleanStateKey(pattern, files);
    const hit = key ? patternCache.get(key) : undefined;
    if (hit) out[pattern.source] = hit;
    else misses.push({ pattern, key });
  }
  if (misses.length > 0) {
    const needed = new Map(misses.flatMap(({ pattern }) => members.get(pattern.source)!));
    const blobCache = await HashCache.load(gitDir, "blob-sha256");
    const { hashes, verified } = await hashListed(repo, needed, blobCache);
    for (const { pattern, key } of misses) {
      const fingerprint = fingerprintPattern(pattern, hashes);
      out[pattern.source] = fingerprint;
      const files = members.get(pattern.source)!;
      if (key && fingerprint && files.every(([path]) => verified.has(path))) {
        patternCache.add(key, fingerprint);
      }
    }
    await blobCache.save();
  }
  await patternCache.save();
  return out;
}
