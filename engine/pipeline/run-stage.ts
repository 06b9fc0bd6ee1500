import { realpath } from "node:fs/promises";
import { stageGraph } from "../../stages/registry.js";
import { CachingProvider } from "../agent/cache/caching-provider.js";
import type { Observe } from "../agent/progress.js";
import { loadPrompt } from "../agent/prompts/load-prompt.js";
import type { Provider } from "../agent/providers/provider.js";
import { createRedactor } from "../agent/redact.js";
import { resolveToolFamilies } from "../agent/tools/families.js";
import { UsageError } from "../errors.js";
import { recordDispatch } from "../flow/dispatch.js";
import { noGateFindings } from "../flow/gate-findings.js";
import { runGate } from "../flow/gates/run-gate.js";
import type { FlowGraph } from "../flow/graph.js";
import type { Outcome } from "../flow/outcome.js";
import { compilePatterns } from "../flow/path-pattern.js";
import { readFlow } from "../flow/read-flow.js";
import { readOutcome } from "../flow/read-outcome.js";
import { reapRun } from "../flow/reap.js";
import { routeFailures } from "../flow/rework.js";
import { EVENTS_PATH, outcomePath, runDir } from "../flow/run-paths.js";
import { gatePasses, type StageContext } from "../flow/stage.js";
import type { StageState, StageStatus } from "../flow/state.js";
import { readConfig } from "../repo/config.js";
import { dirtyPaths, untrackedPaths } from "../repo/snapshot.js";
import { gitWorkspace } from "../repo/workspace.js";
import { agentWork, startLedger } from "./agent-work.js";
import { type AttemptResult, runAttempt, type Settlement, type WorkReport } from "./attempt.js";
import { readBrief } from "./brief.js";
import { writeChangelogEntry } from "./changelog-file.js";
import { DirtyTreeError, refuseDirtyTree } from "./dirty-tree.js";
import { type KeptWork, keptWork } from "./kept-work.js";
import { buildOutcome, ownedArtifacts, writeOutcome } from "./outcome-record.js";
import { type FaceOptions, stagePolicy } from "./policy.js";
import { type RecoveredRun, recoverKilledRuns } from "./recover.js";
import { recoveredLines } from "./report.js";
import { acquireRunLock, type HeldLock } from "./run-lock.js";
import { stageCommitMessage } from "./stage-commit.js";
import { stagePrompt } from "./stage-prompt.js";
import { renderStageFiles, worksOnKicad } from "./stage-renders.js";
import {
  buildRow,
  carryAttempt,
  NO_CARRY,
  type RowCarry,
  rowPath,
  type StageRow,
  writeRow,
} from "./stage-row.js";
import { adoptionWork, deterministicWork } from "./stage-work.js";

export interface RunStageOptions extends FaceOptions {
  stage: string;
  /** Made only when the stage needs a model and is going to run (a skip needs no API key). */
  provider: () => Promise<Provider>;
  /** Run even when the stage is valid. */
  force?: boolean;
  /** Do not put kept work back into a tree that no longer holds it. */
  fresh?: boolean;
  /**
   * The caller holds the run lock and has already recovered killed runs (create, which runs
   * many stages under one lock); otherwise the stage takes the lock and recovers itself.
   */
  lock?: HeldLock;
  /** What the diagnosis of the last failed attempt says to do differently (create's retry). */
  guidance?: { afterAttempt: number; text: string };
  /**
   * Record the stage's files as they are as its result: no model, no prepare, the gate alone
   * (a person edited what the stage owns and nothing it reads changed).
   */
  adopt?: boolean;
  /** The command that resumes the flow from this stage (outcome.json's `resume`). */
  resume?: string;
  /** What the run already spent on this stage (create's earlier attempts and diagnoses). */
  carry?: RowCarry;
  /** The agent's progress as events (create's live status line). */
  observe?: Observe;
}

/** A stage this one waits on that is not valid. */
export interface Blocker {
  stage: string;
  state: StageState;
}

interface Common {
  stage: string;
  recovered: RecoveredRun[];
}

export type StageRunResult =
  | (Common & { action: "skipped"; attempt: number; reason: string })
  | (Common & {
      action: "refused";
      attempt: number;
      reason: string;
      blockers: Blocker[];
      /** The command that gets the first blocker going. */
      next: string;
    })
  | (Common & {
      action: "ran";
      result: AttemptResult;
      outcome: Outcome;
      kept: KeptWork;
      provider: string;
      /** The stage's report row as this attempt left it (committed with it). */
      row: StageRow;
    });

/** An unknown stage name: the CLI answers with the list. */
export class UnknownStageError extends UsageError {}

/** The stage's node in the graph, or an UnknownStageError listing the stage names. */
export function requireStage(graph: FlowGraph, name: string) {
  const node = graph.stages.get(name);
  if (!node) {
    throw new UnknownStageError(`unknown stage '${name}'`, `use one of: ${graph.order.join(", ")}`);
  }
  return node;
}

/**
 * `copperhead stage <name>`: recover any killed run, then skip a valid stage, refuse one whose
 * upstream is not valid (naming it and the command that makes it valid), or run one attempt of
 * it through the shared attempt path with the stage policy.
 */
export async function runStage(options: RunStageOptions): Promise<StageRunResult> {
  const repo = await realpath(options.repo);
  const graph = options.graph ?? stageGraph();
  requireStage(graph, options.stage);
  const lock = options.lock ?? (await acquireRunLock(repo, `copperhead stage ${options.stage}`));
  try {
    const now = options.now ?? Date.now;
    const config = await readConfig(repo);
    const recovered = options.lock
      ? []
      : await recoverKilledRuns({ repo, graph, config, lock, now });
    for (const line of recoveredLines(recovered)) options.write?.(line);
    return await attemptStage(repo, graph, lock, recovered, options);
  } finally {
    if (!options.lock) await lock.release();
  }
}

/** The blockers of a stage: the stages above it that are not valid, and the refusal to give. */
export function upstreamRefusal(
  graph: FlowGraph,
  statuses: ReadonlyMap<string, StageStatus>,
  stage: string,
): { blockers: Blocker[]; next: string; reason: string } | undefined {
  const node = requireStage(graph, stage);
  const blockers = [...graph.upstream(stage)]
    .map((name) => ({ stage: name, state: statuses.get(name)!.state }))
    .filter((b) => b.state !== "valid");
  const direct = blockers.filter((b) => node.providers.includes(b.stage));
  if (direct.length === 0) return undefined;
  const first = blockers[0]!.stage;
  const rest = blockers.slice(1).map((b) => b.stage);
  return {
    blockers,
    next: `copperhead stage ${first}`,
    reason:
      `${stage} needs ${direct.map((b) => `${b.stage} (${b.state})`).join(" and ")} to be valid first; ` +
      `run \`copperhead stage ${first}\`${rest.length > 0 ? `, then ${rest.join(", ")}` : ""}`,
  };
}

/** The skip, the refusal, or the attempt itself, under a held lock. */
async function attemptStage(
  repo: string,
  graph: FlowGraph,
  lock: HeldLock,
  recovered: RecoveredRun[],
  options: RunStageOptions,
): Promise<StageRunResult> {
  const stage = options.stage;
  const node = requireStage(graph, stage);
  const now = options.now ?? Date.now;
  const config = await readConfig(repo);
  const flow = await readFlow(repo, graph);
  const status = flow.statuses.get(stage)!;
  const common = { stage, recovered };
  if (status.state === "valid" && !options.force) {
    return {
      ...common,
      action: "skipped",
      attempt: status.attempt,
      reason: `${stage} is valid (attempt ${status.attempt} passed and nothing it reads or owns has changed): nothing to do`,
    };
  }
  const refusal = upstreamRefusal(graph, flow.statuses, stage);
  if (refusal) return { ...common, action: "refused", attempt: status.attempt, ...refusal };

  const brief = await readBrief(repo);
  const kept = await keptWork(repo, options.fresh ? { fresh: true } : {});
  const carried = new Set(kept.carried?.paths ?? []);
  const note =
    kept.missingRef !== undefined
      ? ` (the last attempt kept its work on ${kept.missingRef}, which this clone lacks: fetch it to build on it)`
      : "";
  refuseDirtyTree(
    (await dirtyPaths(repo)).filter((p) => !carried.has(p)),
    `copperhead stage ${stage}`,
    note,
  );
  refuseUntrackedOwned(
    stage,
    compilePatterns(node.outputs),
    (await untrackedPaths(repo)).filter((p) => !carried.has(p)),
  );

  const declaration = node.declaration;
  const context: StageContext = { repo, config };
  // prepare may wire paths into the config: the run and the gate read it as it is then.
  const current = async (): Promise<StageContext> => ({ repo, config: await readConfig(repo) });
  const rework =
    routeFailures(graph, flow.statuses, flow.events, config.maxAttempts).routes.get(stage) ?? [];
  const latest = status.latest;
  const previous =
    latest && !(latest.type === "outcome" && latest.verdict === "pass")
      ? {
          attempt: latest.attempt,
          verdict: latest.type === "blocked" ? "blocked" : "failed",
          failed:
            latest.type === "outcome"
              ? latest.evidence.filter((e) => !e.ok)
              : [{ check: "blocked", ok: false, detail: latest.reason }],
        }
      : undefined;
  const adopt = options.adopt === true;
  let providerLabel = adopt ? "adopted" : declaration.run ? "deterministic" : "none";
  const env = options.env ?? process.env;
  const resume = options.resume ?? `copperhead stage ${stage}`;
  const carry: RowCarry = {
    ...(options.carry ?? NO_CARRY),
    resumed:
      (options.carry ?? NO_CARRY).resumed ||
      (options.carry === undefined && (previous !== undefined || kept.carried !== undefined)),
  };
  const kicad = worksOnKicad(node.outputs);
  // Set by the record phase (a callback, so a holder rather than a narrowed `let`).
  const settled: { row?: StageRow } = {};

  const work = async (attempt: number): Promise<WorkReport> => {
    if (adopt) {
      const changed = status.stale.flatMap((r) => (r.kind === "output" ? [r.pattern] : []));
      return adoptionWork(declaration, changed);
    }
    if (declaration.run) {
      return deterministicWork(declaration.run, await current(), options.signal, now);
    }
    const model = await options.provider();
    providerLabel = `${model.name}/${model.model}`;
    return agentWork({
      provider: new CachingProvider(model, repo, createRedactor(env)),
      tools: resolveToolFamilies(declaration.tools),
      // After prepare: a scaffolded sheet counts as present.
      ledger: await startLedger(repo, (await current()).config),
      system: await loadPrompt(declaration.prompt),
      prompt: stagePrompt({
        stage: declaration,
        attempt,
        brief,
        rework,
        ...(previous ? { previous } : {}),
        carried: kept.carried !== undefined,
        ...(options.guidance ? { guidance: options.guidance } : {}),
      }),
      repo,
      stage,
      attempt,
      env,
      budget: { maxTurns: declaration.turnBudget, ...options.budget },
      ...(options.write ? { write: options.write } : {}),
      ...(options.observe ? { observe: options.observe } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      now,
    });
  };

  const result = await runAttempt({
    scope: stage,
    policy: stagePolicy(stage),
    workspace: gitWorkspace(repo),
    ...(kept.carried ? { carried: kept.carried } : {}),
    lock,
    now,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(declaration.prepare && !adopt
      ? {
          prepare: () => (declaration.prepare as NonNullable<typeof declaration.prepare>)(context),
        }
      : {}),
    dispatch: async () => (await recordDispatch(repo, graph, { stage, rework })).attempt,
    work,
    judge: async (report) => {
      const findings = noGateFindings();
      const evidence = await runGate(declaration, { ...(await current()), findings });
      const unmet = report.agent
        ? report.agent.ledger.obligations.filter((o) => o.kind !== "changelog")
        : [];
      return { pass: gatePasses(evidence) && unmet.length === 0, evidence, unmet, findings };
    },
    record: async (s) => {
      const judged = s.verdict === "passed" || s.verdict === "gate-failed";
      const renders =
        kicad && judged
          ? await renderStageFiles(
              repo,
              { stage, attempt: s.attempt },
              { env, ...(options.signal ? { signal: options.signal } : {}) },
            )
          : [];
      const outcome = buildOutcome(s, {
        brief,
        // What the committed tree holds of the stage's files: its work on a pass or a
        // kept failure; the restored snapshot's otherwise (nothing of the attempt's).
        artifacts: s.verdict === "passed" || s.kept ? await ownedArtifacts(repo, node.outputs) : [],
        resume,
        renders,
      });
      await writeOutcome(repo, outcome, env);
      settled.row = buildRow({
        stage,
        carry: carryAttempt(carry, s.attempt, outcome.cost),
        verdict: outcome.verdict,
        adopted: adopt,
        renders,
        finishedAt: s.finishedAt,
      });
      await writeRow(repo, settled.row);
    },
    reap: async (attempt) => {
      await reapRun(repo, graph, { stage, attempt, adopted: adopt });
    },
    trail: (attempt) => [runDir(stage, attempt), EVENTS_PATH, ".gitattributes", rowPath(stage)],
    changelog: (s) =>
      writeChangelogEntry(repo, config.paths.docs, `${stage} #${s.attempt}`, s.work?.summary ?? ""),
    message: (s: Settlement) =>
      stageCommitMessage(s, {
        briefSha256: brief.sha256,
        provider: providerLabel,
        carriedRef: kept.carried?.ref,
        adopted: adopt,
      }),
  });
  const outcome = await readOutcome(`${repo}/${outcomePath(stage, result.attempt)}`);
  const row = settled.row;
  if (!row) throw new Error(`${stage} attempt ${result.attempt} settled without its report row`);
  return { ...common, action: "ran", result, outcome, kept, provider: providerLabel, row };
}

/** A person's untracked file on a path the stage owns would be silently left out of its commit. */
function refuseUntrackedOwned(
  stage: string,
  owned: (path: string) => boolean,
  untracked: readonly string[],
): void {
  const clash = untracked.filter(owned);
  if (clash.length === 0) return;
  throw new DirtyTreeError(
    `${clash.slice(0, 5).join(", ")} ${clash.length === 1 ? "is" : "are"} untracked and owned by the ${stage} stage; copperhead stage ${stage} will not write over a file that is yours`,
    `commit ${clash.length === 1 ? "it" : "them"} (the stage then builds on ${clash.length === 1 ? "it" : "them"}) or move ${clash.length === 1 ? "it" : "them"} out of the repository, then run copperhead stage ${stage} again`,
  );
}
