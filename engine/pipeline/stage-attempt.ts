import { CachingProvider } from "../agent/cache/caching-provider.js";
import { loadPrompt } from "../agent/prompts/load-prompt.js";
import { createRedactor } from "../agent/redact.js";
import { resolveToolFamilies } from "../agent/tools/families.js";
import { recordDispatch } from "../flow/dispatch.js";
import { noGateFindings } from "../flow/gate-findings.js";
import { runGate } from "../flow/gates/run-gate.js";
import type { FlowGraph, GraphStage } from "../flow/graph.js";
import { compilePatterns } from "../flow/path-pattern.js";
import type { FlowSnapshot } from "../flow/read-flow.js";
import { readOutcome } from "../flow/read-outcome.js";
import { reapRun } from "../flow/reap.js";
import { routeFailures } from "../flow/rework.js";
import { EVENTS_PATH, outcomePath, runDir } from "../flow/run-paths.js";
import { gatePasses, type StageContext } from "../flow/stage.js";
import type { StageStatus } from "../flow/state.js";
import { type CopperheadConfig, readConfig } from "../repo/config.js";
import { dirtyPaths, untrackedPaths } from "../repo/snapshot.js";
import { gitWorkspace } from "../repo/workspace.js";
import { agentWork, startLedger } from "./agent-work.js";
import { runAttempt, type Settlement, type WorkReport } from "./attempt.js";
import { readBrief } from "./brief.js";
import { writeChangelogEntry } from "./changelog-file.js";
import { DirtyTreeError, refuseDirtyTree } from "./dirty-tree.js";
import { keptWork } from "./kept-work.js";
import { buildOutcome, ownedArtifacts, writeOutcome } from "./outcome-record.js";
import { stagePolicy } from "./policy.js";
import type { RecoveredRun } from "./recover.js";
import type { HeldLock } from "./run-lock.js";
import type { RunStageOptions, StageRunResult } from "./run-stage.js";
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

/** What run-stage.ts has read and decided before it lets a stage run. */
export interface StageAttemptInput {
  repo: string;
  graph: FlowGraph;
  lock: HeldLock;
  options: RunStageOptions;
  node: GraphStage;
  config: CopperheadConfig;
  flow: FlowSnapshot;
  status: StageStatus;
  common: { stage: string; recovered: RecoveredRun[] };
}

/**
 * One attempt of a stage that is neither valid nor blocked: refuse a dirty tree or an untracked
 * owned file, then run it through the shared attempt path with the stage policy.
 */
export async function runStageAttempt(input: StageAttemptInput): Promise<StageRunResult> {
  const { repo, graph, lock, options, node, config, flow, status, common } = input;
  const stage = options.stage;
  const now = options.now ?? Date.now;
  const brief = await readBrief(repo);
  const kept = await keptWork(repo, options.fresh ? { fresh: true } : {});
  const carried = new Set(kept.carried?.paths ?? []);
  const note =
    kept.missingRef !== undefined
      ? ` (the last attempt kept its work on ${kept.missingRef}, which this clone lacks: fetch it to build on it)`
      : kept.superseded
        ? ` (the last attempt's kept work on ${kept.superseded.ref} was set aside: commits since changed ${kept.superseded.paths.join(", ")}; git cherry-pick --no-commit ${kept.superseded.ref} brings it back)`
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
        ...(kept.superseded ? { superseded: kept.superseded.paths } : {}),
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
