import type { StageName } from "../../engine/flow/stage-names.js";
import { stageDiffArtifact } from "../../engine/workflow/workflow-names.js";
import { type Flow, isSelf } from "../flows/flow.js";
import { issueOfBranch } from "../names.js";
import {
  placeStageDiffs,
  renderStageDiff,
  stageDiffsRegion,
  withStageDiff,
} from "../render/diff-tracker.js";
import { TRACKER_MARKER } from "../render/markers.js";
import { publishPictures } from "./assets.js";
import { downloadDiff } from "./download-diff.js";

export interface FinishedStageJob {
  stage: StageName;
  runId: number;
  runUrl: string;
  branch: string;
}

/**
 * A stage job of the design workflow finished: the diff of the commit it pushed (its
 * `copperhead-diff-<stage>` artifact, validated like any artifact) becomes that stage's block in
 * the tracker's "Design diff per stage" section, its pictures on the assets ref of the issue or
 * pull request the tracker is on. A job that pushed nothing left no artifact and changes nothing.
 */
export async function postStageDiff(flow: Flow, job: FinishedStageJob): Promise<void> {
  const refuse = (why: string) =>
    flow.log.warn(`${flow.repo.fullName}: ${job.stage}'s diff in run ${job.runId} refused: ${why}`);
  const artifacts = await flow.gh.listArtifacts(job.runId);
  const read = await downloadDiff(flow, artifacts, stageDiffArtifact(job.stage));
  if (!read) return;
  if ("refused" in read) return refuse(read.refused);
  const { result, images } = read;
  if (result.stage !== job.stage) return refuse(`it is ${result.stage ?? "no stage"}'s diff`);
  const issue = issueOfBranch(job.branch) ?? (await flow.gh.findPull(job.branch))?.number ?? null;
  if (issue === null) return;
  const tracker = (await flow.gh.listIssueComments(issue)).find(
    (c) => isSelf(flow, c.authorLogin) && c.body.startsWith(TRACKER_MARKER),
  );
  // The tracker is posted when the design starts; without it there is nowhere to put this.
  if (!tracker) return;
  const imageUrl =
    images.size > 0 ? await publishPictures(flow, issue, result.sha, images) : undefined;
  const block = renderStageDiff(job.stage, result.report, {
    sha: result.sha,
    runUrl: job.runUrl,
    imageUrl,
  });
  const body = placeStageDiffs(
    tracker.body,
    withStageDiff(stageDiffsRegion(tracker.body), job.stage, block),
  );
  if (body !== tracker.body) await flow.gh.updateIssueComment(tracker.id, body);
}
