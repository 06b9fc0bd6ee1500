/**
 * The names the design workflow and the GitHub App agree on (github-contract.md): workflow
 * files, artifacts and job names. The App imports them from here.
 */
export const DESIGN_WORKFLOW_FILE = "copperhead.yml";
export const CHECK_WORKFLOW_FILE = "copperhead-check.yml";
export const PR_WORKFLOW_FILE = "copperhead-pr.yml";

/** The artifact both check workflows upload, holding CHECK_RESULT_FILE. */
export const CHECK_ARTIFACT = "copperhead-check";
export const CHECK_RESULT_FILE = "check-result.json";

/** The artifact a stage job uploads its outcome.json as. */
export const outcomeArtifact = (stage: string) => `outcome-${stage}`;

/** A stage job's name: the App finds stage jobs by it. */
export const stageJobName = (stage: string) => `copperhead / ${stage}`;

/**
 * The artifact of a design diff (docs/diff.md, "In a pull request"): DIFF_RESULT_FILE and the
 * overlay PNGs it names, side by side. The check workflows upload `copperhead-diff`; a stage
 * job uploads `copperhead-diff-<stage>`.
 */
export const DIFF_ARTIFACT = "copperhead-diff";
export const DIFF_RESULT_FILE = "diff-result.json";
export const DIFF_DIR = "copperhead-diff";
export const stageDiffArtifact = (stage: string) => `${DIFF_ARTIFACT}-${stage}`;
