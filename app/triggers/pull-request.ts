import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { checkCommit } from "../flows/check-commit.js";
import { parseEvent } from "../payloads.js";

/**
 * A person pushed to (or opened) a pull request of this repository: the check workflow runs
 * on the new head. Pushes by the App (the design workflow's stage commits) are reported from
 * the workflow's own events instead, and a fork's pull request never gets a dispatch: its
 * unprivileged `pull_request` workflow reports through `workflow_run`.
 */
export function onPullRequest(app: Probot, deps: AppDeps): void {
  app.on(
    ["pull_request.synchronize", "pull_request.opened", "pull_request.reopened"],
    async (context) => {
      const event = parseEvent("pull_request", context.payload);
      if (event.kind !== "pull-request" || event.sender.isBot) return;
      if (event.pr.headRepo !== event.repo.fullName) return;
      const { pr } = event;
      deps.queue.enqueue(`${event.repo.fullName}:${pr.headRef}`, async () => {
        const flow = await flowFor(deps, context, event.repo);
        await checkCommit(flow, { sha: pr.headSha, pr: pr.number, branch: pr.headRef });
      });
    },
  );
}
