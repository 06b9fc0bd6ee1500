import type { Probot } from "probot";
import { type AppDeps, flowFor } from "../deps.js";
import { startFromIssue } from "../flows/start-design.js";
import { branchForIssue } from "../names.js";
import { parseEvent } from "../payloads.js";

/**
 * `issues.labeled` with the design label, or `issues.opened` already carrying it (issue
 * templates apply labels for anyone, so the person who opened or labelled it is checked).
 */
export function onIssues(app: Probot, deps: AppDeps): void {
  app.on(["issues.labeled", "issues.opened"], async (context) => {
    const event = parseEvent("issues", context.payload);
    if (event.kind !== "issue" || event.issue.isPullRequest || event.sender.isBot) return;
    if (event.action === "labeled" && event.label === null) return;
    const { issue } = event;
    deps.queue.enqueue(`${event.repo.fullName}:${branchForIssue(issue.number)}`, async () => {
      const flow = await flowFor(deps, context, event.repo);
      const label = flow.settings.label;
      const wanted =
        event.action === "labeled" ? event.label === label : issue.labels.includes(label);
      if (!wanted) return;
      await startFromIssue(flow, {
        issue: { number: issue.number, title: issue.title, body: issue.body },
        actor: event.sender.login,
      });
    });
  });
}
