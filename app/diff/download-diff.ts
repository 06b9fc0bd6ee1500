import type { Flow } from "../flows/flow.js";
import type { Artifact } from "../github-types.js";
import {
  type DiffArtifact,
  MAX_DIFF_ARTIFACT_BYTES,
  readDiffArtifact,
} from "./read-diff-artifact.js";

/**
 * The diff artifact called `name` among a run's artifacts: null when the run left none, else
 * downloaded within bounds, validated, and about this repository and the commit its report's
 * after side is — or why not. The callers check what it must be about beyond that.
 */
export async function downloadDiff(
  flow: Flow,
  artifacts: readonly Artifact[],
  name: string,
): Promise<DiffArtifact | { refused: string } | null> {
  const artifact = artifacts.find((a) => a.name === name && !a.expired);
  if (!artifact) return null;
  if (artifact.sizeInBytes > MAX_DIFF_ARTIFACT_BYTES)
    return { refused: `the artifact is ${artifact.sizeInBytes} bytes` };
  const read = readDiffArtifact(await flow.gh.downloadArtifact(artifact.id));
  if ("refused" in read) return read;
  if (read.result.repository !== flow.repo.fullName)
    return { refused: `it names repository ${read.result.repository}` };
  if (read.result.report.after.commit !== read.result.sha)
    return { refused: "its report is about another commit than it says" };
  return read;
}
