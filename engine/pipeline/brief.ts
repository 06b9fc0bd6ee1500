import { createHash } from "node:crypto";
import { join } from "node:path";
import { UsageError } from "../errors.js";
import { readRepoText } from "../flow/gates/repo-files.js";
import { BRIEF_PATH } from "../flow/graph.js";
import { hashFile } from "../flow/hash-file.js";

/** A stage was asked to run in a repo without its brief. */
export class MissingBriefError extends UsageError {}

/**
 * The brief every stage reads, and the sha256 of its bytes that every stage stamps. A brief
 * symlinked out of the repository, or a FIFO, is refused unread (UnsafeDesignError).
 */
export async function readBrief(repo: string): Promise<{ path: string; sha256: string }> {
  const text = await readRepoText(repo, BRIEF_PATH);
  if (text === undefined || text.trim() === "") {
    throw new MissingBriefError(
      `${BRIEF_PATH} is ${text === undefined ? "missing" : "empty"}: every stage designs against the brief`,
      `write the hardware brief to ${BRIEF_PATH} and commit it (or start with copperhead create "…")`,
    );
  }
  return { path: BRIEF_PATH, sha256: await briefSha256(repo) };
}

/** The brief's sha256, or that of nothing when it is gone (a record must still be written). */
export async function briefSha256(repo: string): Promise<string> {
  const hash = await hashFile(join(repo, BRIEF_PATH));
  return hash?.sha256 ?? createHash("sha256").digest("hex");
}
