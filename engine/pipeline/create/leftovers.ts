import { join } from "node:path";
import type { FlowGraph } from "../../flow/graph.js";
import { compilePatterns } from "../../flow/path-pattern.js";
import { EVENTS_PATH } from "../../flow/run-paths.js";
import { commitMessage, commitPaths, commitTrailer } from "../../repo/commit.js";
import { git } from "../../repo/git.js";
import { readOptional } from "../../repo/read-optional.js";
import { statusEntries } from "../../repo/snapshot.js";
import { DirtyTreeError } from "../dirty-tree.js";
import { KEPT_TRAILER, keptWork } from "../kept-work.js";

/** What create found of copperhead's own unfinished work when it started, and did with it. */
export interface Leftovers {
  /** The commit that put it in history before the pipeline moved on. */
  commit?: string;
  paths: string[];
  /** The stage whose kept attempt it was, when it was one. */
  stage?: string;
}

const UNION_LINE = `${EVENTS_PATH} merge=union`;

/** `.gitattributes` differs from HEAD's only by copperhead's union-merge line. */
async function onlyUnionLine(repo: string): Promise<boolean> {
  const now = await readOptional(join(repo, ".gitattributes"));
  if (now === undefined) return false;
  const before = await git(repo, ["show", "HEAD:.gitattributes"]).catch(() => "");
  const separator = before === "" || before.endsWith("\n") ? "" : "\n";
  return now === `${before}${separator}${UNION_LINE}\n`;
}

/**
 * Before create moves on, the tree's uncommitted changes are sorted. Copperhead's own are the
 * work a failed attempt kept for its retry (exactly what its WIP ref holds: `keptWork`, which
 * also puts it back on a fresh clone) and its bookkeeping (the event log, run folders, its
 * union-merge line); they are committed, so a later stage's rollback can never wipe them. A
 * person's are every other tracked change, and untracked files on a path a stage owns; one of
 * those stops create before anything is touched, naming them. Other untracked files are the
 * person's and never looked at. `brief` is the brief the person is handing over: not a
 * leftover, create commits it itself.
 */
export async function commitLeftovers(
  repo: string,
  graph: FlowGraph,
  options: { command: string; brief?: string },
): Promise<Leftovers> {
  const kept = await keptWork(repo);
  const carried = new Set(kept.carried?.paths ?? []);
  const owned = compilePatterns([...graph.stages.values()].flatMap((n) => n.outputs));
  const bookkeeping = (p: string) => p === EVENTS_PATH || p.startsWith(".copperhead/runs/");
  const ours: string[] = [];
  const theirs: string[] = [];
  for (const entry of await statusEntries(repo)) {
    for (const path of entry.paths) {
      if (path === options.brief || path.startsWith(".copperhead/cache/")) continue;
      const untracked = entry.code === "??";
      if (carried.has(path) || bookkeeping(path)) ours.push(path);
      else if (path === ".gitattributes" && (await onlyUnionLine(repo))) ours.push(path);
      else if (!untracked || owned(path)) theirs.push(path);
    }
  }
  if (theirs.length > 0) {
    const shown = `${theirs.slice(0, 5).join(", ")}${theirs.length > 5 ? ", …" : ""}`;
    throw new DirtyTreeError(
      `the working tree has changes that are not copperhead's (${shown}); ${options.command} will not mix its work with yours, so it touched nothing`,
      `commit them (git add -A && git commit -m "…") or set them aside (git stash push -u -m "mine"), then run ${options.command} again`,
    );
  }
  const paths = [...new Set(ours)].sort();
  if (paths.length === 0) return { paths };
  const ref = kept.carried ? await commitTrailer(repo, "HEAD", KEPT_TRAILER) : undefined;
  const stage = ref ? /^refs\/copperhead\/wip\/([^/]+)\/(\d+)$/.exec(ref) : null;
  const what = stage ? `${stage[1]} attempt ${stage[2]}'s unfinished work` : "its bookkeeping";
  const commit = await commitPaths(
    repo,
    paths,
    commitMessage({
      scope: "create",
      subject: `resume: commit ${what}`,
      paragraphs: [
        `The tree held copperhead's uncommitted ${stage ? "work, kept for the stage's next attempt" : "run records"} when create started; it is committed before the pipeline moves on, so that no later rollback can wipe it.`,
        `Paths: ${paths.join(", ")}`,
      ],
      trailers: [["Copperhead-Resume", stage ? `${stage[1]} attempt ${stage[2]}` : "bookkeeping"]],
    }),
  );
  return { commit, paths, ...(stage?.[1] ? { stage: stage[1] } : {}) };
}
