import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { EVENTS_PATH } from "../flow/run-paths.js";
import { changelogPath } from "../repo/changelog.js";
import { ensureUnionMerge } from "../repo/gitattributes.js";
import { gitDirOf } from "../repo/repo-root.js";

/**
 * The append-only logs parallel stage jobs both add to: the event log, the decision log and the
 * changelog (either place it may live). Every other file a stage writes is its own (the flow
 * refuses two owners of a path), its run folder included, so these are the only files two
 * stage commits can both change.
 */
export function unionLogs(docs: string): string[] {
  return [
    EVENTS_PATH,
    `${docs}/DECISIONS.md`,
    changelogPath(false, docs),
    changelogPath(true, docs),
  ];
}

/**
 * Makes git merge the append-only logs by keeping both sides' lines, in this clone, whatever
 * the repository's .gitattributes says: `$GIT_DIR/info/attributes` beats every .gitattributes,
 * and a rebase onto a parallel job's commit reads it too.
 */
export async function ensureCloneUnionMerge(repo: string, docs: string): Promise<void> {
  const file = join(gitDirOf(repo), "info", "attributes");
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  const have = new Set(text.split("\n").map((l) => l.trim()));
  const missing = unionLogs(docs)
    .map((path) => `${path} merge=union`)
    .filter((line) => !have.has(line));
  if (missing.length === 0) return;
  await mkdir(dirname(file), { recursive: true });
  const sep = text === "" || text.endsWith("\n") ? "" : "\n";
  await appendFile(file, `${sep}${missing.join("\n")}\n`);
}

/** The same lines in the repository's own .gitattributes (what install-workflow commits). */
export async function ensureRepoUnionMerge(repo: string, docs: string): Promise<string[]> {
  const added: string[] = [];
  for (const path of unionLogs(docs)) if (await ensureUnionMerge(repo, path)) added.push(path);
  return added;
}
