import { createHash } from "node:crypto";
import { realpath } from "node:fs/promises";
import { stageGraph } from "../../stages/registry.js";
import { CachingProvider } from "../agent/cache/caching-provider.js";
import { Ledger } from "../agent/ledger/ledger.js";
import type { AgentRunResult } from "../agent/loop/run-result.js";
import { loadPrompt } from "../agent/prompts/load-prompt.js";
import type { Provider } from "../agent/providers/provider.js";
import { createRedactor } from "../agent/redact.js";
import type { AgentTool } from "../agent/tool.js";
import { ALL_TOOLS } from "../agent/tools/all-tools.js";
import type { Obligation } from "../flow/outcome.js";
import { commitMessage, oneLine } from "../repo/commit.js";
import { readConfig } from "../repo/config.js";
import { dirtyPaths, dropStashIfCommitted, type StashEntry } from "../repo/snapshot.js";
import { gitWorkspace } from "../repo/workspace.js";
import { agentWork, startLedger } from "./agent-work.js";
import { type AttemptResult, runAttempt, type Settlement } from "./attempt.js";
import { writeChangelogEntry } from "./changelog-file.js";
import { refuseDirtyTree } from "./dirty-tree.js";
import { DO_POLICY, type FaceOptions } from "./policy.js";
import { type RecoveredRun, recoverKilledRuns } from "./recover.js";
import { recoveredLines } from "./report.js";
import { nextRunNumber, resumePaused, writePaused } from "./resume.js";
import { acquireRunLock } from "./run-lock.js";

export { DirtyTreeError } from "./dirty-tree.js";

export const DO_STAGE = "do";

export interface RunRequestOptions extends FaceOptions {
  request: string;
  /** The model (wrapped here in the on-disk response cache). */
  provider: Provider;
  tools?: readonly AgentTool[];
}

export type RequestVerdict = "committed" | "unchanged" | "failed" | "paused" | "interrupted";

export interface RunRequestResult {
  verdict: RequestVerdict;
  run: AgentRunResult;
  attempt: number;
  /** The commit made on success. */
  commit?: string;
  /** Where a failed (or superseded paused) run's work went. */
  stash?: StashEntry;
  /** The failed run's work, also on this ref. */
  wip?: { ref: string; commit: string };
  /** A resumed paused run's stash, dropped because the commit holds exactly that work. */
  droppedStash?: string;
  /** Obligations the ledger still held when the run ended. */
  unmet: Obligation[];
  /** Killed runs found and set aside before this one started. */
  recovered: RecoveredRun[];
  /** The attempt as the pipeline settled it. */
  attemptResult: AttemptResult;
}

/**
 * `copperhead do`: one attempt with no stage whose gate is the ledger. Recover killed runs,
 * resume a paused one, refuse a dirty tree, then run the shared attempt path with the `do`
 * policy: verified work is committed once with trailers; anything else is stashed and the
 * tree restored; a pause keeps its work for the next run, which replays from the cache.
 */
export async function runRequest(options: RunRequestOptions): Promise<RunRequestResult> {
  const repo = await realpath(options.repo);
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const config = await readConfig(repo);
  const lock = await acquireRunLock(repo, "copperhead do");
  try {
    const recovered = await recoverKilledRuns({
      repo,
      graph: options.graph ?? stageGraph(),
      config,
      lock,
      now,
    });
    for (const line of recoveredLines(recovered)) options.write?.(line);
    const resumed = await resumePaused(repo, DO_STAGE, `${DO_POLICY.stashName(0, now())}-paused`);
    refuseDirtyTree(await dirtyPaths(repo), "copperhead do");
    const ledger = await startLedger(repo, config);
    const provider = new CachingProvider(options.provider, repo, createRedactor(env));
    const system = await loadPrompt("do");
    let run: AgentRunResult | undefined;

    const result = await runAttempt({
      scope: DO_STAGE,
      policy: DO_POLICY,
      workspace: gitWorkspace(repo),
      lock,
      now,
      ...(options.signal ? { signal: options.signal } : {}),
      dispatch: () => nextRunNumber(repo, DO_STAGE),
      work: async (attempt) => {
        const work = await agentWork({
          provider,
          tools: options.tools ?? ALL_TOOLS,
          ledger,
          system,
          prompt: options.request,
          repo,
          stage: DO_STAGE,
          attempt,
          env,
          ...(options.budget ? { budget: options.budget } : {}),
          ...(options.write ? { write: options.write } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
          now,
        });
        run = work.agent;
        return work;
      },
      // The gate re-reads the ledger as the run left it: "finish accepted" and "verified" are
      // separate questions, and only the second one commits.
      judge: async (work) => {
        const unmet = work.agent ? new Ledger(work.agent.ledger).blocking : [];
        return { pass: unmet.length === 0, evidence: [], unmet };
      },
      changelog: (s) =>
        writeChangelogEntry(
          repo,
          config.paths.docs,
          `${DO_STAGE} #${s.attempt}`,
          s.work?.summary ?? "",
        ),
      pause: (snapshot, touched) => writePaused(repo, DO_STAGE, snapshot, touched),
      message: (s) =>
        doCommitMessage(options.request, s, `${options.provider.name}/${options.provider.model}`),
    });
    if (!run) throw new Error("copperhead do: the attempt ended without running the agent");
    return await toRequestResult(repo, result, run, resumed, recovered);
  } finally {
    await lock.release();
  }
}

async function toRequestResult(
  repo: string,
  result: AttemptResult,
  run: AgentRunResult,
  resumed: StashEntry | undefined,
  recovered: RecoveredRun[],
): Promise<RunRequestResult> {
  const unmet = result.judgement?.unmet ?? new Ledger(run.ledger).blocking;
  const base = {
    run,
    attempt: result.attempt,
    unmet,
    recovered,
    attemptResult: result,
    ...(resumed ? { stash: resumed } : {}),
    ...(result.wip ? { wip: result.wip } : {}),
  };
  switch (result.verdict) {
    case "passed": {
      const commit = result.commit as string;
      // The replay redid the paused run's edits: when the commit holds exactly what the paused
      // stash holds, that stash is a duplicate and only clutters `git stash list`.
      if (resumed && (await dropStashIfCommitted(repo, resumed))) {
        const { stash: _duplicate, ...rest } = base;
        return { ...rest, verdict: "committed", commit, droppedStash: resumed.name };
      }
      return { ...base, verdict: "committed", commit };
    }
    case "unchanged":
      return { ...base, verdict: "unchanged" };
    case "paused":
      return { ...base, verdict: "paused" };
    default:
      return {
        ...base,
        verdict: result.verdict === "interrupted" ? "interrupted" : "failed",
        ...(result.stash ? { stash: result.stash } : {}),
      };
  }
}

/** `copperhead(do): <summary>` with the request, the summary and the run's trailers. */
export function doCommitMessage(request: string, s: Settlement, provider: string): string {
  const summary = s.work?.summary ?? "";
  const verified = s.work?.verified ?? [];
  return commitMessage({
    scope: DO_STAGE,
    subject: summary,
    paragraphs: [`Request: ${oneLine(request)}`, summary],
    trailers: [
      ["Copperhead-Stage", DO_STAGE],
      ["Copperhead-Attempt", String(s.attempt)],
      ["Copperhead-Request-SHA256", createHash("sha256").update(request).digest("hex")],
      ["Copperhead-Verified", verified.length > 0 ? verified.join(", ") : "none"],
      ["Copperhead-Provider", provider],
    ],
  });
}
