import { type CheckResult, MAX_ARTIFACT_BYTES, readCheckResult } from "../check-result.js";
import type { Artifact } from "../github-types.js";
import {
  BRANCH_PREFIX,
  CHECK_ARTIFACT,
  CHECK_WORKFLOW,
  checkRequestId,
  checkRequestOf,
  PR_WORKFLOW,
  requestIdOf,
  workflowPath,
} from "../names.js";
import type { RunInfo } from "../payloads.js";
import {
  type CheckRunPlan,
  checkName,
  DESIGN_CHECKS,
  pendingDesignChecks,
  reportChecks,
  stageCheck,
} from "../render/check-runs.js";
import { code, inline } from "../render/markdown.js";
import type { Flow } from "./flow.js";
import { buildLocator, upsertChecks } from "./publish.js";
import { readDesign } from "./read-design.js";

function pullUrl(flow: Flow, pr: number | null): string | undefined {
  return pr === null ? undefined : `${flow.repo.htmlUrl}/pull/${pr}`;
}

/** Stage checks for a commit that has outcomes (or is on a design branch); none otherwise. */
async function stageChecksFor(flow: Flow, branch: string, sha: string): Promise<CheckRunPlan[]> {
  const view = await readDesign(flow, branch, sha);
  const any = view.stages.some((s) => s.outcome || s.unreadable);
  if (!any && !branch.startsWith(BRANCH_PREFIX)) return [];
  return view.stages.map((s) => stageCheck(view, s));
}

/**
 * A person pushed to a pull request of this repository (or asked for a re-run): the check
 * workflow runs `copperhead check --json` on that commit; until it reports, the three design
 * checks say so, and the stage checks carry the outcomes recorded on the commit.
 */
export async function checkCommit(
  flow: Flow,
  target: { sha: string; pr: number | null; branch: string },
): Promise<void> {
  const enabled = flow.settings.checkRuns;
  const stages = await stageChecksFor(flow, target.branch, target.sha);
  if (!(await flow.gh.workflowExists(CHECK_WORKFLOW))) {
    const missing = DESIGN_CHECKS.filter((c) => enabled[c]).map(
      (c): CheckRunPlan => ({
        name: checkName(c),
        status: "completed",
        conclusion: "neutral",
        title: `${c}: no check workflow`,
        summary: `This repository has no ${code(workflowPath(CHECK_WORKFLOW))}; \`copperhead install-workflow\` writes it.`,
        annotations: [],
      }),
    );
    await upsertChecks(flow, target.sha, [...stages, ...missing], pullUrl(flow, target.pr));
    return;
  }
  await flow.gh.dispatch(CHECK_WORKFLOW, target.branch, {
    sha: target.sha,
    pr: target.pr === null ? "" : String(target.pr),
    request_id: checkRequestId(target.sha, target.pr, flow.newId()),
  });
  const pending = pendingDesignChecks(
    enabled,
    `The ${code(CHECK_WORKFLOW)} workflow is checking ${code(target.sha.slice(0, 12))}.`,
  );
  await upsertChecks(flow, target.sha, [...stages, ...pending], pullUrl(flow, target.pr));
}

function refusedChecks(flow: Flow, why: string, runUrl: string): CheckRunPlan[] {
  return DESIGN_CHECKS.filter((c) => flow.settings.checkRuns[c]).map((c) => ({
    name: checkName(c),
    status: "completed" as const,
    conclusion: "failure" as const,
    title: `${c}: no trustworthy check result`,
    summary: `copperhead did not use the result of [the check run](${runUrl}): ${inline(why, 500)}`,
    annotations: [],
  }));
}

/** What the run was for, as far as GitHub's own (signed) webhook says; null: not ours. */
async function expectedTarget(
  flow: Flow,
  run: RunInfo,
): Promise<{ sha: string; pr: number | null; fork: boolean } | null> {
  if (run.path === workflowPath(CHECK_WORKFLOW)) {
    if (run.event !== "workflow_dispatch") return null;
    const id = requestIdOf(run.displayTitle);
    const target = id ? checkRequestOf(id) : null;
    return target ? { ...target, fork: false } : null;
  }
  if (run.path === workflowPath(PR_WORKFLOW)) {
    // Same-repository pull requests are checked through the dispatched workflow instead.
    if (run.event !== "pull_request" || !run.headRepo || run.headRepo === flow.repo.fullName)
      return null;
    return { sha: run.headSha, pr: null, fork: true };
  }
  return null;
}

/** Refuses a result that is not about the commit and pull request the run was about. */
async function verify(
  flow: Flow,
  run: RunInfo,
  expected: { sha: string; pr: number | null; fork: boolean },
  result: CheckResult,
): Promise<string | null> {
  if (result.repository !== flow.repo.fullName)
    return `it names repository ${result.repository}, not ${flow.repo.fullName}`;
  if (result.sha !== expected.sha)
    return `it is about commit ${result.sha.slice(0, 12)}, not ${expected.sha.slice(0, 12)}`;
  if (!expected.fork)
    return result.pr === expected.pr
      ? null
      : `it names pull request ${result.pr ?? "none"}, not ${expected.pr ?? "none"}`;
  if (result.pr === null) return "it names no pull request";
  const listed = run.pullRequests.map((p) => p.number);
  if (listed.length > 0 && !listed.includes(result.pr))
    return `pull request #${result.pr} is not the run's`;
  const pr = await flow.gh.getPull(result.pr).catch(() => null);
  if (!pr) return `pull request #${result.pr} does not exist`;
  if (pr.headSha !== run.headSha || pr.headRepo !== run.headRepo)
    return `pull request #${result.pr}'s head is ${pr.headSha.slice(0, 12)} from ${pr.headRepo ?? "a deleted fork"}, not this run's`;
  return null;
}

/** A check run whose result was trusted: what it was about, and the artifacts it left. */
export interface TrustedCheck {
  sha: string;
  pr: number | null;
  artifacts: Artifact[];
}

/**
 * A check workflow finished (the dispatched one, or the unprivileged pull_request one of a
 * fork): its artifact is downloaded, validated as untrusted data and turned into the three
 * design checks on the commit it was about. Returns what the trusted result was about (null
 * when there was none), so the run's other artifacts are read only for that commit and PR.
 */
export async function postCheckResult(flow: Flow, run: RunInfo): Promise<TrustedCheck | null> {
  const expected = await expectedTarget(flow, run);
  if (!expected) return null;
  const artifacts = await flow.gh.listArtifacts(run.id);
  const artifact = artifacts.find((a) => a.name === CHECK_ARTIFACT && !a.expired);
  let refusal: string | null = null;
  let result: CheckResult | null = null;
  if (!artifact)
    refusal = `the run (${run.conclusion ?? "unfinished"}) left no ${CHECK_ARTIFACT} artifact`;
  else if (artifact.sizeInBytes > MAX_ARTIFACT_BYTES)
    refusal = `the artifact is ${artifact.sizeInBytes} bytes`;
  else {
    const read = readCheckResult(await flow.gh.downloadArtifact(artifact.id));
    if ("refused" in read) refusal = read.refused;
    else {
      refusal = await verify(flow, run, expected, read.result);
      if (!refusal) result = read.result;
    }
  }
  if (!result) {
    flow.log.warn(`${flow.repo.fullName}: check result of run ${run.id} refused: ${refusal}`);
    await upsertChecks(
      flow,
      expected.sha,
      refusedChecks(flow, refusal ?? "unknown", run.htmlUrl),
      run.htmlUrl,
    );
    return null;
  }
  const t = result.report.target;
  const locator = await buildLocator(flow, expected.sha, {
    schematics: t.schematic ? [t.schematic] : [],
    board: t.board,
  });
  const from = `From \`copperhead check --json\` on ${code(expected.sha.slice(0, 12))} ([run](${run.htmlUrl})).`;
  await upsertChecks(
    flow,
    expected.sha,
    reportChecks(result.report, locator, flow.settings.checkRuns, from),
    run.htmlUrl,
  );
  return { sha: expected.sha, pr: result.pr, artifacts };
}
