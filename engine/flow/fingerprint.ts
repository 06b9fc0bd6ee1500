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
  const plainFile = !pattern.folder && !pattern.source.includes("*");
  if (plainFile) return files.get(pattern.source) ?? null;
  const matches = compilePattern(pattern);
  const entries: string[] = [];
  for (const [path, sha] of files) if (matches(path)) entries.push(`${path}\0${sha}\n`);
  if (entries.length === 0) return null;
  entries.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash("sha256");
  for (const entry of entries) hash.update(entry);
  return hash.digest("hex");
}

/** Fingerprints of several patterns, keyed by pattern source. */
export function fingerprintPatterns(
  patterns: readonly PathPattern[],
  files: FileHashes,
): Fingerprints {
  const out: Record<string, string | null> = {};
  for (const p of patterns) out[p.source] = fingerprintPattern(p, files);
  return out;
}
