import { type StageName, stageNameSchema } from "../engine/flow/stage-names.js";

/** The workflow files the App dispatches and listens to, and their artifacts (github-contract.md). */
export {
  CHECK_ARTIFACT,
  CHECK_RESULT_FILE,
  CHECK_WORKFLOW_FILE as CHECK_WORKFLOW,
  DESIGN_WORKFLOW_FILE as DESIGN_WORKFLOW,
  DIFF_ARTIFACT,
  DIFF_RESULT_FILE,
  PR_WORKFLOW_FILE as PR_WORKFLOW,
} from "../engine/workflow/workflow-names.js";
export const workflowPath = (file: string) => `.github/workflows/${file}`;

export const RUNS_DIR = ".copperhead/runs";
export const BRANCH_PREFIX = "copperhead/";

export function branchForIssue(issue: number): string {
  return `${BRANCH_PREFIX}issue-${issue}`;
}

export function issueOfBranch(branch: string): number | null {
  const m = /^copperhead\/issue-([1-9][0-9]*)$/.exec(branch);
  return m ? Number(m[1]) : null;
}

/** `brief.md` designs on `copperhead/brief`; another brief path gets its own branch. */
export function branchForBrief(briefPath: string): string {
  const slug = briefPath
    .replace(/\.md$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "brief" ? `${BRANCH_PREFIX}brief` : `${BRANCH_PREFIX}brief-${slug || "brief"}`;
}

/** The stage a design job runs: job names are `copperhead / <stage>`. */
export function stageOfJob(name: string): StageName | null {
  const m = /^copperhead \/ ([a-z]+)$/.exec(name.trim());
  const parsed = stageNameSchema.safeParse(m?.[1]);
  return parsed.success ? parsed.data : null;
}

/**
 * request_id is opaque to the workflow, which puts it in the run's name as `[<id>]`. The App
 * writes into it what it must know when the run reports back: a check run's commit and PR.
 */
export function designRequestId(random: string, continuation = 0): string {
  return continuation > 0 ? `d-c${continuation}-${random}` : `d-${random}`;
}

/**
 * Which automatic continuation a design run is (0: a person's label or command started it).
 * The count rides in the run's own name, so it survives restarts and needs no other state.
 */
export function continuationOf(requestId: string | null): number {
  const m = /^d-c([1-9][0-9]?)-/.exec(requestId ?? "");
  return m ? Number(m[1]) : 0;
}

export function checkRequestId(sha: string, pr: number | null, random: string): string {
  return `k-${sha}-${pr ?? 0}-${random}`;
}

export function requestIdOf(displayTitle: string): string | null {
  const m = /\[([A-Za-z0-9-]{1,120})\]\s*$/.exec(displayTitle);
  return m ? m[1]! : null;
}

export function checkRequestOf(requestId: string): { sha: string; pr: number | null } | null {
  const m = /^k-([0-9a-f]{40})-([0-9]+)-[A-Za-z0-9-]+$/.exec(requestId);
  if (!m) return null;
  const pr = Number(m[2]);
  return { sha: m[1]!, pr: pr === 0 ? null : pr };
}
