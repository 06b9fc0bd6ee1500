import { unzipSync } from "fflate";
import { type DiffResult, diffResultSchema } from "../../engine/workflow/diff-result.js";
import { describeIssues } from "../describe-issues.js";
import { DIFF_RESULT_FILE } from "../names.js";

export type { DiffResult };

/** A diff artifact carries PNGs: far more room than a check result, still a bound. */
export const MAX_DIFF_ARTIFACT_BYTES = 40 * 1024 * 1024;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MAX_TOTAL_BYTES = 80 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface DiffArtifact {
  result: DiffResult;
  /** Every picture the report names, by file name, checked to be a PNG. */
  images: Map<string, Uint8Array>;
}

function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * diff-result.json and its pictures out of a diff artifact's zip. A fork controls every byte, so
 * sizes are bounded before anything is inflated, the JSON must match the schema, and every
 * picture it names must be in the zip and be a PNG; anything else in the zip is never inflated.
 */
export function readDiffArtifact(zip: Uint8Array): DiffArtifact | { refused: string } {
  if (zip.byteLength > MAX_DIFF_ARTIFACT_BYTES)
    return { refused: `the diff artifact is ${zip.byteLength} bytes` };
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        const wanted =
          (f.name === DIFF_RESULT_FILE || /^[A-Za-z0-9][A-Za-z0-9._+-]*\.png$/.test(f.name)) &&
          f.originalSize <= MAX_FILE_BYTES &&
          total + f.originalSize <= MAX_TOTAL_BYTES;
        if (wanted) total += f.originalSize;
        return wanted;
      },
    });
  } catch (error) {
    return { refused: `the diff artifact is not a readable zip (${(error as Error).message})` };
  }
  const bytes = files[DIFF_RESULT_FILE];
  if (!bytes) return { refused: `the diff artifact holds no ${DIFF_RESULT_FILE} (or one too big)` };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { refused: `${DIFF_RESULT_FILE} is not UTF-8 JSON` };
  }
  const parsed = diffResultSchema.safeParse(json);
  if (!parsed.success)
    return {
      refused: `${DIFF_RESULT_FILE} does not match the schema (${describeIssues(parsed.error, 1)})`,
    };
  const images = new Map<string, Uint8Array>();
  for (const p of parsed.data.report.pictures ?? []) {
    for (const name of [p.overview, ...p.crops]) {
      const png = files[name];
      if (!png || png.byteLength > MAX_FILE_BYTES) return { refused: `${name} is missing` };
      if (!isPng(png)) return { refused: `${name} is not a PNG` };
      images.set(name, png);
    }
  }
  return { result: parsed.data, images };
}
