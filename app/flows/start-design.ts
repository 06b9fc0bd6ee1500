import { createHash } from "node:crypto";
import { roleAtLeast } from "../../engine/workflow/settings.js";
import { briefFromIssue, sanitizeTitle } from "../brief.js";
import { runInFlight } from "../design-view.js";
import type { PullInfo } from "../github-types.js";
import { branchForBrief, branchForIssue, DESIGN_WORKFLOW, designRequestId } from "../names.js";
import { code } from "../render/markdown.js";
import { INSTALL_MARKER, REFUSAL_MARKER } from "../render/markers.js";
import { type Flow, isSelf } from "./flow.js";
import { refreshDesign } from "./publish.js";
import { readOutcomes } from "./read-design.js";

/** Posts `body` on `issue` unless the App already left a comment starting with `marker`. */
export async function commentOnce(
  flow: Flow,
  issue: number,
  marker: string,
  body: string,
): Promise<void> {
  const comments = await flow.gh.listIssueComments(issue);
  if (comments.some((c) => isSelf(flow, c.authorLogin) && c.body.startsWith(marker))) return;
  await flow.gh.createIssueComment(issue, `${marker}\n${body}`);
}

export const INSTALL_TEXT = [
  "copperhead cannot start a design here yet: this repository has no design workflow.",
  "",
  "In a clone of the repository run `copperhead install-workflow`, commit what it writes",
  "(`.github/workflows/copperhead.yml`, `copperhead-check.yml`, `copperhead-pr.yml`) to the default branch,",
  "and add the Actions secrets `COPPERHEAD_APP_ID`, `COPPERHEAD_APP_PRIVATE_KEY` and `ANTHROPIC_API_KEY`.",
  "Then label the issue again.",
].join("\n");

/** Checks a starter's role against `starters`; false (and one polite comment) when too low. */
async function mayStart(flow: Flow, issue: number, login: string, why: string): Promise<boolean> {
  const role = await flow.gh.role(login);
  if (roleAtLeast(role, flow.settings.starters)) return true;
  flow.log.info(`${login} (${role}) may not start a design on ${flow.repo.fullName}#${issue}`);
  await commentOnce(
    flow,
    issue,
    REFUSAL_MARKER,
    `@${login}, ${why} needs the **${flow.settings.starters}** role or higher on this repository (\`starters\` in \`.github/copperhead.yml\`); a maintainer can add the label instead.`,
  );
  return false;
}

/** The design's pull request: the open one from the branch, else a new draft. */
export async function ensurePull(
  flow: Flow,
  branch: string,
  title: string,
  body: string,
): Promise<PullInfo> {
  const found = await flow.gh.findPull(branch);
  if (found && found.state === "open") return found;
  return flow.gh.createPull({
    title,
    head: branch,
    base: flow.repo.defaultBranch,
    body,
    draft: true,
  });
}

/**
 * Dispatches the design workflow on `branch` unless a run is already in flight there (a
 * redelivered webhook or a second label never starts a second run). `continuation`: the
 * number of this automatic continuation (0 for a person's label or command).
 */
export async function dispatchDesign(
  flow: Flow,
  branch: string,
  stage: string,
  continuation = 0,
): Promise<"dispatched" | "in-flight"> {
  const [newest] = await flow.gh.listRuns(DESIGN_WORKFLOW, branch);
  if (runInFlight(newest ?? null)) return "in-flight";
  await flow.gh.dispatch(DESIGN_WORKFLOW, branch, {
    branch,
    stage,
    request_id: designRequestId(flow.newId(), continuation),
  });
  return "dispatched";
}

/** Writes `text` to `path` on `branch` unless it is already there; returns the branch head. */
export async function ensureFile(
  flow: Flow,
  branch: string,
  path: string,
  text: string,
  message: string,
  head: string,
): Promise<string> {
  const current = await flow.gh.readText(path, head);
  if (current?.text === text) return head;
  return flow.gh.putText({
    branch,
    path,
    text,
    message,
    ...(current ? { replaces: current.sha } : {}),
  });
}

export interface IssueStart {
  issue: { number: number; title: string; body: string };
  /** Who labelled the issue (or opened it already labelled). */
  actor: string;
}

/** `hardware-brief` on an issue → branch, brief.md, draft PR, tracker, dispatch. */
export async function startFromIssue(flow: Flow, start: IssueStart): Promise<void> {
  const { issue, actor } = start;
  if (flow.settingsError) {
    await commentOnce(
      flow,
      issue.number,
      REFUSAL_MARKER,
      `copperhead cannot start: ${flow.settingsError}`,
    );
    return;
  }
  if (!(await mayStart(flow, issue.number, actor, "starting a design with this label"))) return;
  if (!(await flow.gh.workflowExists(DESIGN_WORKFLOW))) {
    await commentOnce(flow, issue.number, INSTALL_MARKER, INSTALL_TEXT);
    return;
  }
  const branch = branchForIssue(issue.number);
  const base = flow.repo.defaultBranch;
  let head = await flow.gh.branchSha(branch);
  if (!head) {
    const baseSha = await flow.gh.branchSha(base);
    if (!baseSha) throw new Error(`the default branch ${base} has no commits to branch from`);
    await flow.gh.createBranch(branch, baseSha);
    head = (await flow.gh.branchSha(branch)) ?? baseSha;
  }
  const brief = briefFromIssue({ ...issue, repo: flow.repo.fullName });
  head = await ensureFile(
    flow,
    branch,
    flow.settings.briefPath,
    brief,
    `copperhead: brief from #${issue.number}`,
    head,
  );
  await ensurePull(
    flow,
    branch,
    `copperhead: ${sanitizeTitle(issue.title)}`,
    [
      `Closes #${issue.number}`,
      "",
      `The design for this issue, built stage by stage by the copperhead workflow from ${code(flow.settings.briefPath)}.`,
      "Progress, costs and renders are in the tracker comment on the issue; findings arrive as reviews and checks.",
    ].join("\n"),
  );
  const dispatched = await dispatchDesign(flow, branch, "");
  flow.log.info(`${flow.repo.fullName}#${issue.number}: ${dispatched} on ${branch}`);
  await refreshDesign(flow, branch);
}

export interface BriefPush {
  /** The default branch's new head. */
  sha: string;
  pusher: string;
}

/**
 * A brief committed to the default branch starts the same flow. A push that only brings back
 * a brief a design already answers (merging a copperhead PR) starts nothing: the brief's
 * sha256 is compared with the one the spec stage's outcome recorded.
 */
export async function startFromPush(flow: Flow, push: BriefPush): Promise<void> {
  if (flow.settingsError) return;
  const path = flow.settings.briefPath;
  const brief = await flow.gh.readText(path, push.sha);
  if (!brief || brief.text.trim() === "") return;
  const spec = (await readOutcomes(flow, push.sha)).get("spec")?.outcome;
  if (spec && spec.brief.sha256 === createHash("sha256").update(brief.text, "utf8").digest("hex"))
    return;
  if (!roleAtLeast(await flow.gh.role(push.pusher), flow.settings.starters)) return;
  if (!(await flow.gh.workflowExists(DESIGN_WORKFLOW))) return;

  const branch = branchForBrief(path);
  let head = await flow.gh.branchSha(branch);
  if (!head) {
    await flow.gh.createBranch(branch, push.sha);
    head = push.sha;
  }
  head = await ensureFile(
    flow,
    branch,
    path,
    brief.text,
    `copperhead: ${path} from ${push.sha.slice(0, 12)}`,
    head,
  );
  const title =
    brief.text
      .split("\n")
      .find((l) => l.startsWith("# "))
      ?.slice(2) ?? path;
  await ensurePull(
    flow,
    branch,
    `copperhead: ${sanitizeTitle(title)}`,
    `The design for ${code(path)} as of ${push.sha.slice(0, 12)}, built stage by stage by the copperhead workflow. The tracker comment below follows it.`,
  );
  await dispatchDesign(flow, branch, "");
  await refreshDesign(flow, branch);
}
