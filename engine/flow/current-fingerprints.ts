import type { Fingerprints } from "./events.js";
import { fingerprintPatterns } from "./fingerprint.js";
import type { PathPattern } from "./path-pattern.js";
import { scanFiles } from "./scan-files.js";

/** Fingerprints of `patterns` over the files as they are now. */
export async function currentFingerprints(
  repo: string,
  patterns: readonly PathPattern[],
): Promise<Fingerprints> {
  return fingerprintPatterns(patterns, await scanFiles(repo, patterns));
}
