import { roleAtLeast } from "../../engine/workflow/settings.js";
import type { Command } from "../commands.js";
import { runInFlight } from "../design-view.js";
import { BRANCH_PREFIX, branchForIssue, DESIGN_WORKFLOW } from "../names.js";
import type { Flow } from "./flow.js";
import { refreshDesign } from "./publish.js";
import { dispatchDesign } from "./start-design.js";

export interface CommandRequest {
  command: Command;
  issue: { number: number; isPullRequest: boolean };
  commentId: number;
  author: string;
}

/** The design branch a comment on an issue or a pull request is about, or why there is none. */
async function branchOf(
  flow: Flow,
  issue: CommandRequest["issue"],
): Promise<string | { why: string }> {
  if (issue.isPullRequest) {
    const pr = await flow.gh.getPull(issue.number);
    if (pr.headRepo !== flow.repo.fullName || !pr.headRef.startsWith(BRANCH_PREFIX))
      return {
        why: "this pull request is not a copperhead design (its branch is not `copperhead/…` in this repository)",
      };
    return pr.headRef;
  }
  const branch = branchForIssue(issue.number);
  if (await flow.gh.branchSha(branch)) return branch;
  return {
    why: `this issue has no design yet; add the \`${flow.settings.label}\` label to start one`,
  };
}

/**
 * `/copperhead retry [stage] | status | stop`, after the 👀: the author's role is checked
 * against `commanders` through the collaborator-permission API, and every refusal says why.
 */
export async function runCommand(flow: Flow, request: CommandRequest): Promise<void> {
  const { command, issue, author } = request;
  const reply = (text: string) => flow.gh.createIssueComment(issue.number, `@${author}, ${text}`);
  await flow.gh.react(request.commentId, "eyes");
  if (flow.settingsError) return void (await reply(`copperhead cannot act: ${flow.settingsError}`));
  const role = await flow.gh.role(author);
  if (!roleAtLeast(role, flow.settings.commanders)) {
    flow.log.info(`${author} (${role}) may not command ${flow.repo.fullName}#${issue.number}`);
    await reply(
      `sorry — \`/copperhead\` commands here need the **${flow.settings.commanders}** role or higher (\`commanders\` in \`.github/copperhead.yml\`).`,
    );
    return;
  }
  if (command.kind === "invalid") return void (await reply(command.reason));
  const branch = await branchOf(flow, issue);
  if (typeof branch !== "string") return void (await reply(branch.why));

  if (command.kind === "status") return refreshDesign(flow, branch);
  if (command.kind === "stop") {
    const [newest] = await flow.gh.listRuns(DESIGN_WORKFLOW, branch);
    if (!newest || !runInFlight(newest))
      return void (await reply("nothing is running on this design."));
    await flow.gh.cancelRun(newest.id);
    await refreshDesign(flow, branch, newest.id);
    return;
  }
  const dispatched = await dispatchDesign(flow, branch, command.stage ?? "");
  if (dispatched === "in-flight") {
    await reply("a design run is already in flight; wait for it or `/copperhead stop` it first.");
    return;
  }
  await flow.gh.react(request.commentId, "rocket");
  await refreshDesign(flow, branch);
}
