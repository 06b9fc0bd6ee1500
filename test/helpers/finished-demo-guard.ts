import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git } from "../../engine/repo/git.js";
import { treeBytes } from "./tree-bytes.js";

/** Where, in the run's finished-demo folder, the demo's repository is created. */
export const demoRepoIn = (dir: string) => join(dir, "work", "usb-c-breakout");

const fingerprintFile = (dir: string) => join(dir, "fingerprint.json");

interface Fingerprint {
  /** Every file of the working tree → sha256. */
  files: Record<string, string>;
  /** `git for-each-ref` and HEAD: a commit, a tag or a moved branch shows here. */
  refs: string;
  status: string;
}

async function fingerprintOf(repo: string): Promise<Fingerprint> {
  const [files, refs, head, status] = await Promise.all([
    treeBytes(repo),
    git(repo, ["for-each-ref", "--format=%(refname) %(objectname)"]),
    git(repo, ["rev-parse", "HEAD"]),
    git(repo, ["status", "--porcelain", "--ignored"]),
  ]);
  return { files, refs: `${refs}HEAD ${head}`, status };
}

/** Records what the finished demo is, right after it was created. */
export async function recordDemo(dir: string): Promise<void> {
  const file = fingerprintFile(dir);
  await writeFile(`${file}.tmp`, JSON.stringify(await fingerprintOf(demoRepoIn(dir))));
  await rename(`${file}.tmp`, file);
}

/**
 * Throws when the shared demo is no longer what was created: some test wrote into it instead
 * of into a copy. Nothing to check when no test of the run asked for the demo.
 */
export async function assertDemoUntouched(dir: string): Promise<void> {
  let recorded: Fingerprint;
  try {
    recorded = JSON.parse(await readFile(fingerprintFile(dir), "utf8")) as Fingerprint;
  } catch {
    return;
  }
  const now = await fingerprintOf(demoRepoIn(dir));
  const changed = [...new Set([...Object.keys(recorded.files), ...Object.keys(now.files)])].filter(
    (path) => recorded.files[path] !== now.files[path],
  );
  if (now.refs !== recorded.refs) changed.push("(git refs)");
  if (now.status !== recorded.status) changed.push("(git status)");
  if (changed.length === 0) return;
  throw new Error(
    `a test changed the shared finished demo at ${demoRepoIn(dir)} (${changed.slice(0, 10).join(", ")}${changed.length > 10 ? ", …" : ""}): tests must work on copyOfFinishedDemo(), never on finishedDemo().repo`,
  );
}
