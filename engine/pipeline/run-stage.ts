import { realpath } from "node:fs/promises";
import { stageGraph } from "../../stages/registry.js";
import { CachingProvider } from "../agent/cache/caching-provider.js";
import { loadPrompt } from "../agent/prompts/load-prompt.js";
import type { Provider } from "../agent/providers/provider.js";
import { createRedactor } from "../agent/redact.js";
import { resolveToolFamilies } from "../agent/tools/families.js";
import { CopperheadError, describeError, UsageError } from "../errors.js";
import { recordDispatch } from "../flow/dispatch.js";
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
import type { StageState } from "../flow/state.js";
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
import { acquireRunLock } from "./run-lock.js";
import { stageCommitMessage } from "./stage-commit.js";
import { stagePrompt } from "./stage-prompt.js";

export interface RunStageOptions extends FaceOptions {
  stage: string;
  /** Made only when the stage needs a model and is going to run (a skip needs no API key). */
  provider: () => Promise<Provider>;
  /** Run even when the stage is valid. */
  force?: boolean;
  /** Do not put kept work back into a tree that no longer holds it. */
  fresh?: boolean;
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
  const node = requireStage(graph, options.stage);
  const stage = options.stage;
  const config = await readConfig(repo);
  const lock = await acquireRunLock(repo, `copperhead stage ${stage}`);
  try {
    const now = options.now ?? Date.now;
    const recovered = await recoverKilledRuns({ repo, graph, config, lock, now });
    for (const line of recoveredLines(recovered)) options.write?.(line);
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
    const blockers = [...graph.upstream(stage)]
      .map((name) => ({ stage: name, state: flow.statuses.get(name)!.state }))
      .filter((b) => b.state !== "valid");
    const direct = blockers.filter((b) => node.providers.includes(b.stage));
    if (direct.length > 0) {
      const first = blockers[0]!.stage;
      const rest = blockers.slice(1).map((b) => b.stage);
      return {
        ...common,
        action: "refused",
        attempt: status.attempt,
        blockers,
        next: `copperhead stage ${first}`,
        reason:
          `${stage} needs ${direct.map((b) => `${b.stage} (${b.state})`).join(" and ")} to be valid first; ` +
          `run \`copperhead stage ${first}\`${rest.length > 0 ? `, then ${rest.join(", ")}` : ""}`,
      };
    }

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
    let providerLabel = declaration.run ? "deterministic" : "none";
    const env = options.env ?? process.env;

    const work = async (attempt: number): Promise<WorkReport> => {
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
        }),
        repo,
        stage,
        attempt,
        env,
        budget: { maxTurns: declaration.turnBudget, ...options.budget },
        ...(options.write ? { write: options.write } : {}),
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
      ...(declaration.prepare
        ? {
            prepare: () =>
              (declaration.prepare as NonNullable<typeof declaration.prepare>)(context),
          }
        : {}),
      dispatch: async () => (await recordDispatch(repo, graph, { stage, rework })).attempt,
      work,
      judge: async (report) => {
        const evidence = await runGate(declaration, await current());
        const unmet = report.agent
          ? report.agent.ledger.obligations.filter((o) => o.kind !== "changelog")
          : [];
        return { pass: gatePasses(evidence) && unmet.length === 0, evidence, unmet };
      },
      record: async (s) =>
        writeOutcome(
          repo,
          buildOutcome(s, {
            brief,
            // What the committed tree holds of the stage's files: its work on a pass or a
            // kept failure; the restored snapshot's otherwise (nothing of the attempt's).
            artifacts:
              s.verdict === "passed" || s.kept ? await ownedArtifacts(repo, node.outputs) : [],
            resume: `copperhead stage ${stage}`,
          }),
          env,
        ),
      reap: async (attempt) => {
        await reapRun(repo, graph, { stage, attempt });
      },
      trail: (attempt) => [runDir(stage, attempt), EVENTS_PATH, ".gitattributes"],
      changelog: (s) =>
        writeChangelogEntry(
          repo,
          config.paths.docs,
          `${stage} #${s.attempt}`,
          s.work?.summary ?? "",
        ),
      message: (s: Settlement) =>
        stageCommitMessage(s, {
          briefSha256: brief.sha256,
          provider: providerLabel,
          carriedRef: kept.carried?.ref,
        }),
    });
    const outcome = await readOutcome(`${repo}/${outcomePath(stage, result.attempt)}`);
    return { ...common, action: "ran", result, outcome, kept, provider: providerLabel };
  } finally {
    await lock.release();
  }
}

/** A stage's deterministic `run` as the attempt's run phase; a CopperheadError is a failed run. */
async function deterministicWork(
  run: NonNullable<import("../flow/stage.js").StageDeclaration["run"]>,
  context: StageContext,
  signal: AbortSignal | undefined,
  now: () => number,
): Promise<WorkReport> {
  const started = now();
  const cost = (ms: number) => ({ wallMs: ms, turns: 0, tokensIn: 0, tokensOut: 0, cacheHits: 0 });
  try {
    const { summary } = await run({ ...context, ...(signal ? { signal } : {}) });
    return {
      exit: "done",
      summary,
      changelogOwed: true,
      verified: [],
      cost: cost(now() - started),
    };
  } catch (error) {
    if (signal?.aborted) {
      return {
        exit: "interrupted",
        summary: String(signal.reason),
        changelogOwed: false,
        verified: [],
        cost: cost(now() - started),
      };
    }
    if (!(error instanceof CopperheadError)) throw error;
    return {
      exit: "run-error",
      summary: describeError(error),
      changelogOwed: false,
      verified: [],
      cost: cost(now() - started),
    };
  }
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
