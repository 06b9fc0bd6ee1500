import { stageGraph } from "../../../stages/registry.js";
import type { AgentBudget } from "../../agent/loop/run-agent.js";
import type { Provider } from "../../agent/providers/provider.js";
import { ProviderPausedError } from "../../agent/providers/provider-errors.js";
import type { FlowGraph } from "../../flow/graph.js";
import { readFlow } from "../../flow/read-flow.js";
import { readConfig } from "../../repo/config.js";
import { git } from "../../repo/git.js";
import { type RecoveredRun, recoverKilledRuns } from "../recover.js";
import { recoveredLines } from "../report.js";
import { acquireRunLock } from "../run-lock.js";
import type { StageRow } from "../stage-row.js";
import type { BriefSource } from "./brief-source.js";
import type { CreateProgress } from "./create-progress.js";
import { openCreateRepo, refuseInitOrigin, scaffoldCreateRepo } from "./create-repo.js";
import type { CreateResultKind } from "./create-report.js";
import { driveStages, type Stop } from "./drive-stages.js";
import { commitLeftovers, type Leftovers } from "./leftovers.js";
import { type SettledReport, settleReport } from "./settle-report.js";

export interface CreateOptions {
  /** The folder the design is made in (made a repository when it is not one). */
  target: string;
  brief: BriefSource;
  /** The model of a stage (made only when that stage needs one). */
  provider: (stage: string) => Promise<Provider>;
  /** The exact command that resumes this run (printed, and in every outcome.json). */
  resume: string;
  /** Retries per stage after its first failed attempt; default `retries` in config.json. */
  retries?: number;
  budget?: Partial<AgentBudget>;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  now?: () => number;
  graph?: FlowGraph;
  progress?: CreateProgress;
}

export interface CreateRun {
  repo: string;
  result: CreateResultKind;
  message: string;
  /** The stage the resume command picks up at (not done). */
  resumesAt?: string;
  recovered: RecoveredRun[];
  leftovers?: Leftovers;
  /** The report, when the run did something to report. */
  report?: SettledReport;
  head: string;
  /** Model calls made (turns and diagnoses that were not cache hits). */
  rows: ReadonlyMap<string, StageRow>;
}

/**
 * `copperhead create`: the repository set up (init, identity, .gitignore, origin, the brief
 * committed), a killed run recovered and copperhead's leftovers committed, then the scheduler
 * drives the stages — DISPATCH runs one attempt (or adopts a person's edit that passes the
 * gate), a failed attempt is diagnosed by a tool-less turn and retried with its guidance up to
 * `retries` times, ESCALATE stops with its reason — until DONE or a stage cannot go on. The
 * run's report is written and committed from the stages' rows when the run did anything.
 */
export async function runCreate(options: CreateOptions): Promise<CreateRun> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const graph = options.graph ?? stageGraph();
  const { repo, initialised } = await openCreateRepo(options.target, options.brief);
  await refuseInitOrigin(repo);
  const lock = await acquireRunLock(repo, "copperhead create");
  const rows = new Map<string, StageRow>();
  const stale = new Set<string>();
  let skipped = new Set<string>();
  let recovered: RecoveredRun[] = [];
  let leftovers: Leftovers | undefined;
  let setupCommits = 0;
  let brief = { path: "brief.md", sha256: "", title: "" };
  let stop: Stop | undefined;
  let resumesAt: string | undefined;
  try {
    if (!initialised && (await hasHead(repo))) {
      const config = await readConfig(repo);
      recovered = await recoverKilledRuns({ repo, graph, config, lock, now });
      for (const line of recoveredLines(recovered)) options.progress?.line(line);
      leftovers = await commitLeftovers(repo, graph, {
        command: "copperhead create",
        ...(options.brief.kind !== "sentence" ? { brief: "brief.md" } : {}),
      });
    }
    const scaffold = await scaffoldCreateRepo(repo, options.brief);
    setupCommits = scaffold.commits.length + (leftovers?.commit ? 1 : 0);
    brief = scaffold.brief;
    const first = await readFlow(repo, graph);
    skipped = new Set(graph.order.filter((s) => first.statuses.get(s)!.state === "valid"));
    stop = await driveStages({ repo, graph, lock, options, rows, stale, leftovers, now });
  } catch (error) {
    if (error instanceof ProviderPausedError) {
      stop = { result: "paused", message: error.message };
    } else {
      await finishRun(false);
      throw error;
    }
  }
  return finishRun(true);

  async function finishRun(complete: boolean): Promise<CreateRun> {
    try {
      const flow = await readFlow(repo, graph).catch(() => undefined);
      resumesAt = stop?.stage ?? graph.order.find((s) => flow?.statuses.get(s)?.state !== "valid");
      const result: CreateResultKind = stop?.result ?? "done";
      const message = stop?.message ?? "every stage is valid";
      const worked = rows.size > 0 || setupCommits > 0 || recovered.length > 0;
      // Valid without a row: valid at the start, or stale only through stages above it that
      // re-passed with the same files (its own inputs unchanged), so the scheduler never ran it.
      for (const s of graph.order) {
        if (!rows.has(s) && flow?.statuses.get(s)?.state === "valid") skipped.add(s);
      }
      const report =
        worked && brief.sha256 !== ""
          ? await settleReport(repo, {
              order: graph.order,
              rows,
              stale,
              skipped,
              result: complete ? result : "failed",
              message: complete ? message : "the run stopped on an error",
              brief,
              startedAt,
              finishedAt: now(),
              resume: result === "done" && complete ? null : options.resume,
              resumesAt: result === "done" && complete ? null : (resumesAt ?? null),
            })
          : undefined;
      return {
        repo,
        result,
        message,
        ...(resumesAt && result !== "done" ? { resumesAt } : {}),
        recovered,
        ...(leftovers ? { leftovers } : {}),
        ...(report ? { report } : {}),
        head: (await git(repo, ["rev-parse", "HEAD"]).catch(() => "")).trim(),
        rows,
      };
    } finally {
      options.progress?.done();
      await lock.release();
    }
  }
}

async function hasHead(repo: string): Promise<boolean> {
  return (await git(repo, ["rev-parse", "--verify", "-q", "HEAD"]).catch(() => "")).trim() !== "";
}
