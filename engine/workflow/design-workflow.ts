import type { FlowGraph } from "../flow/graph.js";
import {
  ACTIONS,
  checkoutStep,
  expr,
  jobStep,
  REQUEST_ID_INPUT,
  RESPONSE_CACHE,
  SECRETS,
} from "./job-steps.js";
import { DIFF_DIR, outcomeArtifact, stageDiffArtifact, stageJobName } from "./workflow-names.js";
import type { Job, Step, Workflow, WorkflowInput, WorkflowRefs } from "./workflow-types.js";

/**
 * Minutes the stage step may run: about a minute per model turn of its budget, plus time for
 * kicad-cli. The job gets 20 more, so a stage that hits its limit is stopped (SIGINT: the
 * attempt is recorded `blocked`, its work set aside) while its trail can still be pushed.
 */
export function stageMinutes(turnBudget: number): number {
  return 20 + turnBudget;
}

const JOB_SLACK_MINUTES = 20;
const PUSH_MINUTES = 10;

const designInputs: Record<string, WorkflowInput> = {
  branch: {
    description: "The branch to design on (copperhead/issue-<n> or any); jobs work on its tip",
    required: true,
    type: "string",
  },
  stage: {
    description:
      "Rerun this stage and everything downstream of it; empty runs what is missing, failed or stale",
    required: false,
    default: "",
    type: "string",
  },
  request_id: REQUEST_ID_INPUT,
};

/** The cache key: immutable entries, so one per run attempt; restored by branch + stage. */
function cacheKeys(stage: string) {
  const prefix = `copperhead-${expr("inputs.branch")}-${stage}-`;
  return {
    key: `${prefix}${expr("github.run_id")}-${expr("github.run_attempt")}`,
    restore: prefix,
  };
}

const afterCheckout = "always() && steps.checkout.outcome == 'success'";

function stageSteps(stage: string, turnBudget: number, refs: WorkflowRefs): Step[] {
  const cache = cacheKeys(stage);
  return [
    checkoutStep(expr("inputs.branch")),
    jobStep("Fetch the work earlier attempts kept", "fetch", {
      COPPERHEAD_GIT_TOKEN: expr("github.token"),
    }),
    {
      name: "Restore the response cache",
      uses: ACTIONS.cacheRestore,
      with: { path: RESPONSE_CACHE, key: cache.key, "restore-keys": cache.restore },
    },
    {
      name: `Run the ${stage} stage`,
      id: "stage",
      uses: refs.action,
      "timeout-minutes": stageMinutes(turnBudget),
      with: {
        stage,
        "rerun-from": expr("inputs.stage"),
        "api-key": expr(`secrets.${SECRETS.model}`),
      },
    },
    {
      name: "Save the response cache",
      if: afterCheckout,
      uses: ACTIONS.cacheSave,
      with: { path: RESPONSE_CACHE, key: cache.key },
    },
    {
      // Minted right before the push: an installation token lasts an hour, a stage may not.
      name: "Mint a push token",
      id: "push-token",
      if: `${afterCheckout} && env.COPPERHEAD_APP == 'true'`,
      uses: ACTIONS.appToken,
      with: {
        "app-id": expr(`secrets.${SECRETS.appId}`),
        "private-key": expr(`secrets.${SECRETS.appKey}`),
      },
    },
    {
      ...jobStep("Push the stage's commit", `push ${stage}`, {
        COPPERHEAD_GIT_TOKEN: expr("steps.push-token.outputs.token || github.token"),
      }),
      id: "push",
      if: afterCheckout,
      "timeout-minutes": PUSH_MINUTES,
    },
    {
      // The tracker's section for this stage: what its commit changed (docs/diff.md).
      name: "Diff the stage's commit",
      id: "diff",
      run: `copperhead job diff-result --out ${DIFF_DIR} --parent --stage ${stage} --no-checks`,
      if: `${afterCheckout} && steps.push.outputs.commits != '' && steps.push.outputs.commits != '0'`,
      "timeout-minutes": PUSH_MINUTES,
    },
    {
      name: "Upload the stage's diff",
      if: "always() && steps.diff.outputs.result-path != ''",
      uses: ACTIONS.uploadArtifact,
      with: { name: stageDiffArtifact(stage), path: DIFF_DIR, "if-no-files-found": "error" },
    },
    {
      name: "Upload outcome.json",
      if: "always() && steps.stage.outputs.outcome-path != ''",
      uses: ACTIONS.uploadArtifact,
      with: {
        name: outcomeArtifact(stage),
        path: expr("steps.stage.outputs.outcome-path"),
        "if-no-files-found": "error",
      },
    },
  ];
}

function stageJob(graph: FlowGraph, stage: string, refs: WorkflowRefs): Job {
  const node = graph.stages.get(stage)!;
  const budget = node.declaration.turnBudget;
  return {
    name: stageJobName(stage),
    ...(node.providers.length > 0 ? { needs: [...node.providers] } : {}),
    "runs-on": "ubuntu-latest",
    "timeout-minutes": stageMinutes(budget) + JOB_SLACK_MINUTES,
    container: { image: refs.image },
    env: {
      COPPERHEAD_BRANCH: expr("inputs.branch"),
      // Secrets cannot be tested in a step's `if:`; whether the App's are set can.
      COPPERHEAD_APP: expr(`secrets.${SECRETS.appId} != ''`),
    },
    steps: stageSteps(stage, budget, refs),
  };
}

/**
 * `.github/workflows/copperhead.yml` from the stage registry and its graph: one job per stage,
 * `needs:` its providers (so independent stages run in parallel and a failure skips exactly its
 * dependants), each in the copperhead container, working on the branch tip, pushing its own
 * commit with a freshly minted App token.
 */
export function designWorkflow(graph: FlowGraph, refs: WorkflowRefs): Workflow {
  const inputs = designInputs;
  return {
    name: "copperhead",
    "run-name": `copperhead ${expr("inputs.branch")} [${expr("inputs.request_id")}]`,
    on: {
      workflow_dispatch: { inputs },
      workflow_call: {
        inputs,
        secrets: Object.fromEntries(
          Object.values(SECRETS).map((name) => [name, { required: false }]),
        ),
      },
    },
    permissions: { contents: "write" },
    // One design run per branch at a time, never cancelled by a newer one (docs/actions.md).
    concurrency: {
      group: `copperhead-design-${expr("inputs.branch")}`,
      "cancel-in-progress": false,
    },
    jobs: Object.fromEntries(graph.order.map((stage) => [stage, stageJob(graph, stage, refs)])),
  };
}
