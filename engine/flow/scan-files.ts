import { gitDirOf } from "../repo/repo-root.js";
import type { FileHashes } from "./fingerprint.js";
import { listFiles } from "./git-listing.js";
import { HashCache } from "./hash-cache.js";
import { hashListed } from "./hash-listed.js";
import type { PathPattern } from "./path-pattern.js";

/** sha256 of every file under `patterns` that git sees (tracked, or untracked and not ignored). */
export async function scanFiles(
  repo: string,
  patterns: readonly PathPattern[],
): Promise<FileHashes> {
  const listing = await listFiles(repo, patterns);
  if (listing.size === 0) return new Map();
  const blobCache = await HashCache.load(gitDirOf(repo), "blob-sha256");
  const { hashes } = await hashListed(repo, listing, blobCache);
  await blobCache.save();
  return hashes;
}
