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

// The default sort compares strings by UTF-16 code units: the order the fingerprint names.
const sortedPaths = (files: FileHashes): string[] => [...files.keys()].sort();

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

/**
 * The paths of `sorted` (code-unit order) that `pattern` matches, in order. Every match starts
 * with the pattern's literal prefix (all of it before the first `*`), and those paths sit
 * together once sorted: from the first not before the prefix to the first not before the prefix
 * and U+FFFF — a noncharacter, so no real path has it there. Status queries run this for every
 * pattern over every file, so it binary-searches rather than testing each path.
 */
export function matchedPaths(pattern: PathPattern, sorted: readonly string[]): string[] {
  const prefix = pattern.source.split("*", 1)[0]!;
  const range = sorted.slice(lowerBound(sorted, prefix), lowerBound(sorted, `${prefix}\uffff`));
  return range.filter(compilePattern(pattern));
}

function fingerprintSorted(
  pattern: PathPattern,
  files: FileHashes,
  sorted: readonly string[],
): string | null {
  const plainFile = !pattern.folder && !pattern.source.includes("*");
  if (plainFile) return files.get(pattern.source) ?? null;
  const entries = matchedPaths(pattern, sorted).map((path) => `${path}\0${files.get(path)}\n`);
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
