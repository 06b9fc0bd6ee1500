import type { Probot } from "probot";
import { parseCommand } from "../commands.js";
import { type AppDeps, flowFor } from "../deps.js";
import { runCommand } from "../flows/run-command.js";
import { branchForIssue } from "../names.js";
import { parseEvent } from "../payloads.js";

/**
 * `/copperhead …` on a design's issue or pull request. Edits never count (re-saving a
 * comment must not rerun a design), and neither do bots — the App's own comments included.
 */
export function onIssueComment(app: Probot, deps: AppDeps): void {
  app.on("issue_comment.created", async (context) => {
    const event = parseEvent("issue_comment", context.payload);
    if (event.kind !== "comment" || event.comment.author.isBot || event.sender.isBot) return;
    const command = parseCommand(event.comment.body);
    if (!command) return;
    const request = {
      command,
      issue: { number: event.issue.number, isPullRequest: event.issue.isPullRequest },
      commentId: event.comment.id,
      author: event.comment.author.login,
    };
    const key = event.issue.isPullRequest
      ? `${event.repo.fullName}#${event.issue.number}`
      : `${event.repo.fullName}:${branchForIssue(event.issue.number)}`;
    deps.queue.enqueue(key, async () =>
      runCommand(await flowFor(deps, context, event.repo), request),
    );
  });
}
