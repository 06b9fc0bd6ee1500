import { rename } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { readEventLog } from "../flow/event-log.js";
import type { DispatchEvent } from "../flow/events.js";
import type { FlowGraph } from "../flow/graph.js";
import { compilePatterns } from "../flow/path-pattern.js";
import { reapRun } from "../flow/reap.js";
import { EVENTS_PATH, outcomePath, runDir } from "../flow/run-paths.js";
import { deriveStates } from "../flow/state.js";
import { commitMessage, commitPaths } from "../repo/commit.js";
import type { CopperheadConfig } from "../repo/config.js";
import { pathExists } from "../repo/path-exists.js";
import { readOptional } from "../repo/read-optional.js";
import {
  dirtyPaths,
  headCommit,
  putBackCarried,
  type Snapshot,
  type StashEntry,
  stashPaths,
  untrackedPaths,
  utcStamp,
} from "../repo/snapshot.js";
import { saveWip, wipRef } from "../repo/wip-ref.js";
import { briefSha256 } from "./brief.js";
import { KEPT_TRAILER } from "./kept-work.js";
import { buildOutcome, ownedArtifacts, writeOutcome } from "./outcome-record.js";
import type { HeldLock } from "./run-lock.js";

/** A killed run, found and set aside. */
export interface RecoveredRun {
  scope: string;
  attempt: number;
  /** Where its work went (none when it had left nothing in the tree). */
  stash?: StashEntry;
  wip?: { ref: string; commit: string };
  /** Dirty paths that are not copperhead's: named, never touched. */
  yours: string[];
  /** The commit recording a stage attempt as blocked. */
  commit?: string;
  /** Work an earlier attempt kept, put back in the tree (its ref). */
  carriedRef?: string;
}

export interface RecoverOptions {
  repo: string;
  graph: FlowGraph;
  config: CopperheadConfig;
  lock: HeldLock;
  now?: () => number;
}

interface Candidate {
  scope: string;
  attempt: number;
  snapshot?: Snapshot;
  dispatch?: DispatchEvent;
}

/** Files copperhead's tools write whatever the stage: the proposal, the logs, the constraints. */
function sharedPaths(config: CopperheadConfig): (path: string) => boolean {
  const docs = config.paths.docs;
  const files = new Set([
    `${docs}/DECISIONS.md`,
    `${docs}/CHANGELOG.md`,
    "CHANGELOG.md",
    ".copperhead/constraints.json",
  ]);
  return (path) => files.has(path) || path.startsWith("openspec/");
}

const toolCallSchema = z.looseObject({
  type: z.literal("tool_call"),
  name: z.string(),
  input: z.unknown(),
});

/** Paths a run's tools were asked to write, from its transcript (tool inputs named `path`). */
async function transcriptPaths(
  repo: string,
  scope: string,
  attempt: number,
  config: CopperheadConfig,
): Promise<Set<string>> {
  const text = await readOptional(join(repo, runDir(scope, attempt), "transcript.jsonl"));
  const paths = new Set<string>();
  for (const line of (text ?? "").split("\n")) {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      continue; // a line cut short by the kill
    }
    const call = toolCallSchema.safeParse(json);
    if (!call.success) continue;
    const input = call.data.input as { path?: unknown } | null;
    if (typeof input?.path === "string") paths.add(input.path.replace(/^\.\//, ""));
    if (call.data.name === "draft_schematic" && config.paths.schematic) {
      paths.add(config.paths.schematic);
    }
  }
  return paths;
}

/**
 * A run killed outright (SIGKILL, a runner thrown away) leaves its work in the tree and its
 * attempt without a result. The next run finds it — the run lock of a process that is gone, or
 * a stage dispatch with no outcome — and, for each: moves the dirty paths that are
 * copperhead's (the stage's own files, the proposal and logs its tools write, the paths its
 * transcript shows it writing, carried work) to the attempt's WIP ref and a named stash,
 * records a stage attempt as blocked (interrupted) and commits that record, and names every
 * other dirty path as the person's without touching it. HEAD is never moved.
 */
export async function recoverKilledRuns(options: RecoverOptions): Promise<RecoveredRun[]> {
  const { repo, graph } = options;
  const now = options.now ?? Date.now;
  const candidates = new Map<string, Candidate>();
  const locked = options.lock.stale?.run;
  if (locked) {
    candidates.set(`${locked.scope}/${locked.attempt}`, {
      scope: locked.scope,
      attempt: locked.attempt,
      snapshot: locked.snapshot,
    });
  }
  const { events } = await readEventLog(repo);
  for (const status of deriveStates(graph, events, {}).values()) {
    const dispatch = status.inFlight;
    if (!dispatch) continue;
    const key = `${dispatch.stage}/${dispatch.attempt}`;
    const known = candidates.get(key);
    candidates.set(key, {
      ...(known ?? { scope: dispatch.stage, attempt: dispatch.attempt }),
      dispatch,
    });
  }
  const recovered: RecoveredRun[] = [];
  for (const candidate of candidates.values()) {
    recovered.push(await recoverOne(options, candidate, now));
  }
  return recovered;
}

async function recoverOne(
  options: RecoverOptions,
  candidate: Candidate,
  now: () => number,
): Promise<RecoveredRun> {
  const { repo, graph, config } = options;
  const { scope, attempt, snapshot } = candidate;
  const head = await headCommit(repo);
  const node = graph.stages.get(scope);
  const owned = node ? compilePatterns(node.outputs) : () => false;
  const shared = sharedPaths(config);
  const written = await transcriptPaths(repo, scope, attempt, config);
  const carried = new Set(snapshot?.carried?.paths ?? []);
  const theirs = new Set(snapshot?.untracked ?? []);
  const trail = new Set(node ? [EVENTS_PATH, ".gitattributes"] : []);

  const dirty = [...new Set([...(await dirtyPaths(repo)), ...(await untrackedPaths(repo))])]
    .filter((p) => !theirs.has(p))
    .sort();
  const ours = dirty.filter(
    (p) => !trail.has(p) && (owned(p) || shared(p) || written.has(p) || carried.has(p)),
  );
  const yours = dirty.filter((p) => !trail.has(p) && !ours.includes(p));
  const result: RecoveredRun = { scope, attempt, yours };

  const name = `copperhead: ${scope} attempt ${attempt} ${utcStamp(now())} (recovered)`;
  if (ours.length > 0) {
    const ref = wipRef(scope, attempt);
    result.wip = {
      ref,
      commit: await saveWip(repo, { base: head, paths: ours, ref, message: name }),
    };
    result.stash = await stashPaths(repo, ours, name);
    // Work an earlier attempt kept goes back where it was, as a rollback would leave it.
    if (snapshot?.carried && head === snapshot.head) {
      await putBackCarried(repo, snapshot.carried);
      if (snapshot.carried.ref) result.carriedRef = snapshot.carried.ref;
    }
  }
  if (node && candidate.dispatch) {
    result.commit = await recordBlocked(options, candidate, result, now);
  }
  await options.lock.clear();
  return result;
}

/** Records the killed stage attempt as blocked (interrupted) and commits the record. */
async function recordBlocked(
  options: RecoverOptions,
  candidate: Candidate,
  recovered: RecoveredRun,
  now: () => number,
): Promise<string> {
  const { repo, graph } = options;
  const { scope, attempt } = candidate;
  const node = graph.stages.get(scope)!;
  const dispatch = candidate.dispatch!;
  const outcome = join(repo, outcomePath(scope, attempt));
  // An outcome the killed run wrote before it settled its work no longer describes the tree.
  if (await pathExists(outcome)) await rename(outcome, `${outcome}.unsettled`);
  const where = recovered.stash
    ? `its work was set aside in stash "${recovered.stash.name}" and on ${recovered.wip?.ref}`
    : "it had left nothing in the tree";
  const finishedAt = now();
  const settlement = {
    scope,
    attempt,
    base: candidate.snapshot?.head ?? (await headCommit(repo)),
    verdict: "interrupted" as const,
    startedAt: Math.min(Date.parse(dispatch.at), finishedAt),
    finishedAt,
    touched: recovered.stash?.paths ?? [],
    kept: false,
  };
  const record = buildOutcome(settlement, {
    brief: { path: "brief.md", sha256: await briefSha256(repo) },
    artifacts: await ownedArtifacts(repo, node.outputs),
    resume: `copperhead stage ${scope}`,
  });
  record.evidence = [
    {
      check: "run",
      ok: false,
      detail: `interrupted: the run stopped without settling (killed, or its machine went away); ${where}`,
    },
  ];
  await writeOutcome(repo, record);
  await reapRun(repo, graph, { stage: scope, attempt });
  const trail = [runDir(scope, attempt), EVENTS_PATH];
  if (await pathExists(join(repo, ".gitattributes"))) trail.push(".gitattributes");
  return commitPaths(
    repo,
    trail,
    commitMessage({
      scope,
      subject: `attempt ${attempt} interrupted (recovered)`,
      paragraphs: [
        `The run stopped without an outcome; the next run recorded it as blocked: ${where}.`,
      ],
      trailers: [
        ["Copperhead-Stage", scope],
        ["Copperhead-Attempt", String(attempt)],
        ["Copperhead-Brief-SHA256", record.brief.sha256],
        ["Copperhead-Verdict", "blocked"],
        ...(recovered.wip ? ([["Copperhead-WIP", recovered.wip.ref]] as const) : []),
        ...(recovered.carriedRef ? ([[KEPT_TRAILER, recovered.carriedRef]] as const) : []),
      ],
    }),
  );
}
