import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { postStageDiff } from "../diff/post-stage-diff.js";
import { refreshDesign } from "../flows/publish.js";
import { stageOfJob } from "../names.js";
import { parseEvent } from "../payloads.js";

/**
 * A stage job of the design workflow started or finished: the stage's outcome is on the branch
 * (or its job is running), so checks, reviews and tracker are refreshed. A burst of job events
 * for one design coalesces into one refresh.
 */
export function onWorkflowJob(app: Probot, deps: AppDeps): void {
  app.on(["workflow_job.in_progress", "workflow_job.completed"], async (context) => {
    const event = parseEvent("workflow_job", context.payload);
    if (event.kind !== "workflow-job") return;
    const { job } = event;
    if (job.workflowName !== "copperhead" || !stageOfJob(job.name) || !job.headBranch) return;
    const branch = job.headBranch;
    const stage = stageOfJob(job.name)!;
    if (event.action === "completed")
      deps.queue.enqueue(`${event.repo.fullName}:${branch}`, async () =>
        postStageDiff(await flowFor(deps, context, event.repo), {
          stage,
          runId: job.runId,
          runUrl: `${event.repo.htmlUrl}/actions/runs/${job.runId}`,
          branch,
        }),
      );
    deps.queue.enqueue(
      `${event.repo.fullName}:${branch}`,
      async () => refreshDesign(await flowFor(deps, context, event.repo), branch),
      "refresh",
    );
  });
}
