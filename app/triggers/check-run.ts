import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { checkCommit } from "../flows/check-commit.js";
import { parseEvent } from "../payloads.js";

/**
 * "Re-run" on one of the App's checks. GitHub reruns nothing by itself: the App checks that
 * commit again, as for a person's push (same-repository pull requests only).
 */
export function onCheckRun(app: Probot, deps: AppDeps): void {
  app.on("check_run.rerequested", async (context) => {
    const event = parseEvent("check_run", context.payload);
    if (event.kind !== "check-run" || event.sender.isBot) return;
    const { checkRun } = event;
    const [number] = checkRun.prs;
    if (number === undefined) return;
    deps.queue.enqueue(`${event.repo.fullName}#${number}`, async () => {
      const flow = await flowFor(deps, context, event.repo);
      if (checkRun.appId !== null && checkRun.appId !== flow.identity.id) return;
      const pr = await flow.gh.getPull(number);
      if (pr.headRepo !== event.repo.fullName) return;
      await checkCommit(flow, { sha: checkRun.headSha, pr: number, branch: pr.headRef });
    });
  });
}
