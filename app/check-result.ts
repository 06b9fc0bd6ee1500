import { unzipSync } from "fflate";
import { type CheckResult, checkResultSchema } from "../engine/workflow/check-result.js";
import { describeIssues } from "./describe-issues.js";
import { CHECK_RESULT_FILE } from "./names.js";

export type { CheckResult };

/** An artifact is far larger than a check result needs to be. */
export const MAX_ARTIFACT_BYTES = 5 * 1024 * 1024;
const MAX_RESULT_BYTES = 10 * 1024 * 1024;

/**
 * check-result.json out of the artifact's zip, parsed with zod. A fork controls every byte of
 * it, so sizes are bounded before anything is inflated and any deviation is a refusal.
 */
export function readCheckResult(zip: Uint8Array): { result: CheckResult } | { refused: string } {
  if (zip.byteLength > MAX_ARTIFACT_BYTES)
    return { refused: `the artifact is ${zip.byteLength} bytes` };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => f.name === CHECK_RESULT_FILE && f.originalSize <= MAX_RESULT_BYTES,
    });
  } catch (error) {
    return { refused: `the artifact is not a readable zip (${(error as Error).message})` };
  }
  const bytes = files[CHECK_RESULT_FILE];
  if (!bytes) return { refused: `the artifact holds no ${CHECK_RESULT_FILE} (or one over 10 MB)` };
  if (bytes.byteLength > MAX_RESULT_BYTES) return { refused: `${CHECK_RESULT_FILE} is over 10 MB` };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { refused: `${CHECK_RESULT_FILE} is not UTF-8 JSON` };
  }
  const parsed = checkResultSchema.safeParse(json);
  if (!parsed.success) {
    return {
      refused: `${CHECK_RESULT_FILE} does not match the schema (${describeIssues(parsed.error, 1)})`,
    };
  }
  return { result: parsed.data };
}
