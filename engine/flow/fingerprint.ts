import { createHash } from "node:crypto";
import type { Fingerprints } from "./events.js";
import { compilePattern, type PathPattern } from "./path-pattern.js";

/** Repo-relative `/` path → sha256 of its content, for the files a query looked at. */
export type FileHashes = ReadonlyMap<string, string>;

/**
 * The fingerprint of one pattern over the current files. A single-file pattern's fingerprint is
 * the file's sha256; a folder or glob covers every matched path and its content, with `/`
 * paths in code-unit order, so it is the same on every machine. Nothing matched → null.
 */
export function fingerprintPattern(pattern: PathPattern, files: FileHashes): string | null {
  return fingerprintSorted(pattern, files, sortedPaths(files));
}

function sortedPaths(files: FileHashes): string[] {
  return [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The first index in `sorted` whose path is not before `key` (binary search). */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function fingerprintSorted(
  pattern: PathPattern,
  files: FileHashes,
  sorted: readonly string[],
): string | null {
  const plainFile = !pattern.folder && !pattern.source.includes("*");
  if (plainFile) return files.get(pattern.source) ?? null;
  const matches = compilePattern(pattern);
  // Every match starts with the pattern's literal prefix, and those paths sit together in the
  // sorted list: binary-search to the first and stop at the last.
  const star = pattern.source.indexOf("*");
  const prefix = star === -1 ? pattern.source : pattern.source.slice(0, star);
  const entries: string[] = [];
  for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
    const path = sorted[i]!;
    if (!path.startsWith(prefix)) break;
    if (matches(path)) entries.push(`${path}\0${files.get(path)}\n`);
  }
  if (entries.length === 0) return null;
  return createHash("sha256").update(entries.join("")).digest("hex");
}

/** Fingerprints of several patterns, keyed by pattern source. */
export function fingerprintPatterns(
  patterns: readonly PathPattern[],
  files: FileHashes,
): Fingerprints {
  const sorted = sortedPaths(files);
  const out: Record<string, string | null> = {};
  for (const p of patterns) out[p.source] = fingerprintSorted(p, files, sorted);
  return out;
}
