import { createHash } from "node:crypto";
import { gitDirOf } from "../repo/repo-root.js";
import type { Fingerprints } from "./events.js";
import { fingerprintPattern, matchedPaths } from "./fingerprint.js";
import { type ListedFile, listFiles } from "./git-listing.js";
import { HashCache } from "./hash-cache.js";
import { hashListed, type ListedHashes } from "./hash-listed.js";
import type { PathPattern } from "./path-pattern.js";

type Members = Array<[string, ListedFile]>;

/**
 * Names a pattern's state as git sees it: the pattern and, in path order, each matched path
 * with its blob id (a submodule's commit) — `v1\0<pattern>\n` then `<path>\0<id>\n` each. A
 * new or edited file has no id (its line is `<path>\0\n`); a key is cached only when every one
 * of its files hashed verified against its blob, so such a key is never cached and never hits.
 */
function stateKey(pattern: PathPattern, members: Members): string {
  const lines = [
    `v1\0${pattern.source}`,
    ...members.map(([path, entry]) =>
      [path, entry.gitlink ? `gitlink:${entry.gitlink}` : entry.cleanBlob].join("\0"),
    ),
  ];
  return createHash("sha256")
    .update(`${lines.join("\n")}\n`)
    .digest("hex");
}

/** Each pattern's files, in path order (the order the key names). */
function membersByPattern(
  patterns: readonly PathPattern[],
  listing: ReadonlyMap<string, ListedFile>,
): Map<string, Members> {
  // git lists tracked files sorted already, so this sort is nearly free; the default order is
  // by UTF-16 code unit, as the key's definition says.
  const sorted = [...listing.keys()].sort();
  return new Map(
    patterns.map((pattern): [string, Members] => [
      pattern.source,
      matchedPaths(pattern, sorted).map((path) => [path, listing.get(path)!]),
    ]),
  );
}

/** Hashes of the files no cached key answered; the blob cache is read only when there are any. */
async function hashMissed(
  repo: string,
  gitDir: string,
  needed: Map<string, ListedFile>,
): Promise<ListedHashes> {
  if (needed.size === 0) return { hashes: new Map(), verified: new Set() };
  const blobCache = await HashCache.load(gitDir, "blob-sha256");
  const hashed = await hashListed(repo, needed, blobCache);
  await blobCache.save();
  return hashed;
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
  const misses: Array<{ pattern: PathPattern; key: string }> = [];
  for (const pattern of patterns) {
    const key = stateKey(pattern, members.get(pattern.source)!);
    const hit = patternCache.get(key);
    if (hit) out[pattern.source] = hit;
    else misses.push({ pattern, key });
  }
  const needed = new Map(misses.flatMap(({ pattern }) => members.get(pattern.source)!));
  const { hashes, verified } = await hashMissed(repo, gitDir, needed);
  for (const { pattern, key } of misses) {
    const fingerprint = fingerprintPattern(pattern, hashes);
    out[pattern.source] = fingerprint;
    // A pattern that matches nothing has no fingerprint to remember.
    const files = members.get(pattern.source)!;
    if (fingerprint !== null && files.every(([path]) => verified.has(path))) {
      patternCache.add(key, fingerprint);
    }
  }
  await patternCache.save();
  return out;
}
