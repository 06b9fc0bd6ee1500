import type { TrustedCheck } from "../flows/check-commit.js";
import { type Flow, isSelf } from "../flows/flow.js";
import { DIFF_ARTIFACT } from "../names.js";
import type { RunInfo } from "../payloads.js";
import { renderDiffComment } from "../render/diff-comment.js";
import { DIFF_MARKER } from "../render/markers.js";
import { publishPictures } from "./assets.js";
import { downloadDiff } from "./download-diff.js";

/** Finds the App's diff comment on `pr` by its marker and edits it; posts one only once. */
async function upsertDiffComment(flow: Flow, pr: number, body: string): Promise<void> {
  const mine = (await flow.gh.listIssueComments(pr)).find(
    (c) => isSelf(flow, c.authorLogin) && c.body.startsWith(DIFF_MARKER),
  );
  if (!mine) await flow.gh.createIssueComment(pr, body);
  else if (mine.body !== body) await flow.gh.updateIssueComment(mine.id, body);
}

/**
 * After a check run's result was trusted (its commit and pull request verified against GitHub's
 * own webhook, a fork's included): the run's diff artifact, validated as untrusted data and
 * required to be about that very commit and pull request, becomes the pull request's one
 * design-diff comment, its pictures on the assets ref. A run without a diff posts nothing.
 */
export async function postPullDiff(flow: Flow, run: RunInfo, check: TrustedCheck): Promise<void> {
  if (check.pr === null) return;
  const refuse = (why: string) =>
    flow.log.warn(`${flow.repo.fullName}: design diff of run ${run.id} refused: ${why}`);
  const read = await downloadDiff(flow, check.artifacts, DIFF_ARTIFACT);
  if (!read) return;
  if ("refused" in read) return refuse(read.refused);
  const { result, images } = read;
  if (result.sha !== check.sha)
    return refuse(`it is about commit ${result.sha.slice(0, 12)}, not ${check.sha.slice(0, 12)}`);
  if (result.pr !== check.pr) return refuse(`it names pull request ${result.pr ?? "none"}`);
  if (result.stage !== null) return refuse("it is a stage's diff");
  const imageUrl =
    images.size > 0 ? await publishPictures(flow, check.pr, check.sha, images) : undefined;
  await upsertDiffComment(
    flow,
    check.pr,
    renderDiffComment(result.report, { sha: check.sha, runUrl: run.htmlUrl, imageUrl }),
  );
}
