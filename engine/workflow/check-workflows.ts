import { ACTIONS, checkoutStep, expr, jobStep, REQUEST_ID_INPUT } from "./job-steps.js";
import { CHECK_ARTIFACT, CHECK_RESULT_FILE, DIFF_ARTIFACT, DIFF_DIR } from "./workflow-names.js";
import type { Job, Workflow, WorkflowRefs } from "./workflow-types.js";

const CHECK_MINUTES = 30;

/**
 * The one job of both check workflows: `copperhead check --json` on one commit, then the design
 * diff of that commit against its base (`base`: a commit, or empty for the default branch).
 */
function checkJob(
  refs: WorkflowRefs,
  target: { ref: string; sha: string; pr: string; base: string },
  extra: Partial<Job> = {},
): Job {
  return {
    name: "copperhead / check",
    ...extra,
    "runs-on": "ubuntu-latest",
    "timeout-minutes": CHECK_MINUTES,
    container: { image: refs.image },
    steps: [
      checkoutStep(target.ref),
      {
        ...jobStep("Check the design", `check-result --out ${CHECK_RESULT_FILE}`, {
          COPPERHEAD_SHA: target.sha,
          COPPERHEAD_PR: target.pr,
        }),
        id: "check",
      },
      {
        name: "Upload the check result",
        if: "always() && steps.check.outputs.result-path != ''",
        uses: ACTIONS.uploadArtifact,
        with: { name: CHECK_ARTIFACT, path: CHECK_RESULT_FILE, "if-no-files-found": "error" },
      },
      {
        ...jobStep("Diff the design", `diff-result --out ${DIFF_DIR}`, {
          COPPERHEAD_SHA: target.sha,
          COPPERHEAD_PR: target.pr,
          COPPERHEAD_BASE: target.base,
        }),
        id: "diff",
        if: "always() && steps.checkout.outcome == 'success'",
      },
      {
        name: "Upload the design diff",
        if: "always() && steps.diff.outputs.result-path != ''",
        uses: ACTIONS.uploadArtifact,
        with: { name: DIFF_ARTIFACT, path: DIFF_DIR, "if-no-files-found": "error" },
      },
    ],
  };
}

/**
 * `.github/workflows/copperhead-check.yml`: dispatched by the App for a person's push (or a
 * re-requested check) on a branch of this repository. Needs no secret and writes nothing.
 */
export function checkWorkflow(refs: WorkflowRefs): Workflow {
  return {
    name: "copperhead-check",
    "run-name": `copperhead check ${expr("inputs.sha")} [${expr("inputs.request_id")}]`,
    on: {
      workflow_dispatch: {
        inputs: {
          sha: { description: "The commit to check (40 hex)", required: true, type: "string" },
          pr: {
            description: "The pull request it belongs to, or empty",
            required: false,
            default: "",
            type: "string",
          },
          request_id: REQUEST_ID_INPUT,
        },
      },
    },
    permissions: { contents: "read" },
    jobs: {
      check: checkJob(refs, {
        ref: expr("inputs.sha"),
        sha: expr("inputs.sha"),
        pr: expr("inputs.pr"),
        base: "",
      }),
    },
  };
}

/**
 * `.github/workflows/copperhead-pr.yml`: pull requests from forks. It runs with the read-only
 * token GitHub gives a fork's `pull_request` run and no secret at all; the App downloads the
 * artifact from the run's `workflow_run` event and validates it as untrusted data. Pull
 * requests from this repository's own branches are checked through copperhead-check.yml.
 */
export function prWorkflow(refs: WorkflowRefs): Workflow {
  return {
    name: "copperhead-pr",
    on: { pull_request: { types: ["opened", "synchronize", "reopened"] } },
    permissions: { contents: "read" },
    jobs: {
      check: checkJob(
        refs,
        {
          ref: expr("github.event.pull_request.head.sha"),
          sha: expr("github.event.pull_request.head.sha"),
          pr: expr("github.event.pull_request.number"),
          base: expr("github.event.pull_request.base.sha"),
        },
        { if: "github.event.pull_request.head.repo.full_name != github.repository" },
      ),
    },
  };
}
