import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { postPullDiff } from "../diff/post-pull-diff.js";
import { postCheckResult } from "../flows/check-commit.js";
import { finishDesignRun } from "../flows/finish-run.js";
import { refreshDesign } from "../flows/publish.js";
import { CHECK_WORKFLOW, DESIGN_WORKFLOW, PR_WORKFLOW, workflowPath } from "../names.js";
import { parseEvent } from "../payloads.js";

/**
 * The design workflow started or finished (a cancelled or timed-out run is finalised here,
 * so nothing stays "running", and a run that ended with work left is dispatched again), or a
 * check workflow finished with a result to post.
 */
export function onWorkflowRun(app: Probot, deps: AppDeps): void {
  app.on(["workflow_run.in_progress", "workflow_run.completed"], async (context) => {
    const event = parseEvent("workflow_run", context.payload);
    if (event.kind !== "workflow-run") return;
    const { run } = event;
    if (run.path === workflowPath(DESIGN_WORKFLOW)) {
      const branch = run.headBranch;
      if (!branch || run.event !== "workflow_dispatch") return;
      const key = `${event.repo.fullName}:${branch}`;
      if (event.action === "completed")
        // Not folded into a waiting refresh: only this job may continue the run.
        deps.queue.enqueue(
          key,
          async () => finishDesignRun(await flowFor(deps, context, event.repo), branch, run),
          `finish ${run.id}`,
        );
      else
        deps.queue.enqueue(
          key,
          async () => refreshDesign(await flowFor(deps, context, event.repo), branch),
          "refresh",
        );
      return;
    }
    const isCheck =
      run.path === workflowPath(CHECK_WORKFLOW) || run.path === workflowPath(PR_WORKFLOW);
    if (!isCheck || event.action !== "completed") return;
    deps.queue.enqueue(`${event.repo.fullName}:check:${run.headSha}`, async () => {
      const flow = await flowFor(deps, context, event.repo);
      const trusted = await postCheckResult(flow, run);
      // The design diff rides on the same run: only a run whose check result was trusted.
      if (trusted) await postPullDiff(flow, run, trusted);
    });
  });
}
