import { createHash } from "node:crypto";
import { join } from "node:path";
import type { ListedFile } from "./git-listing.js";
import type { HashCache } from "./hash-cache.js";
import { type BlobFormat, hashFile } from "./hash-file.js";
import { mapPool } from "./pool.js";

const HASH_CONCURRENCY = 16;

export interface ListedHashes {
  /** Path → sha256 of its content, for every listed file that exists. */
  hashes: Map<string, string>;
  /** Paths whose hash is tied to git's blob id (from the cache, or checked on the bytes read). */
  verified: Set<string>;
}

/**
 * sha256 of each listed file. Unchanged tracked files come from the blob cache when possible;
 * the rest are read (in parallel, bounded) and, when the bytes read are exactly git's blob,
 * remembered for next time.
 */
export async function hashListed(
  repo: string,
  files: Iterable<[string, ListedFile]>,
  blobCache: HashCache,
): Promise<ListedHashes> {
  const hashes = new Map<string, string>();
  const verified = new Set<string>();
  const toRead: Array<[string, ListedFile]> = [];
  for (const [path, entry] of files) {
    if (entry.gitlink) {
      hashes.set(path, createHash("sha256").update(`gitlink ${entry.gitlink}`).digest("hex"));
      verified.add(path);
      continue;
    }
    const known = entry.cleanBlob ? blobCache.get(entry.cleanBlob) : undefined;
    if (known) {
      hashes.set(path, known);
      verified.add(path);
    } else toRead.push([path, entry]);
  }
  await mapPool(toRead, HASH_CONCURRENCY, async ([path, entry]) => {
    const blob = entry.cleanBlob;
    const format: BlobFormat | undefined = blob
      ? blob.length === 64
        ? "sha256"
        : "sha1"
      : undefined;
    const hashed = await hashFile(join(repo, path), format);
    if (!hashed) return;
    hashes.set(path, hashed.sha256);
    if (blob && hashed.blobId === blob) {
      blobCache.add(blob, hashed.sha256);
      verified.add(path);
    }
  });
  return { hashes, verified };
}
