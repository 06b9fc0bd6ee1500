import type { Flow } from "../flows/flow.js";

/** The ref the App keeps one commit's diff pictures on: never a branch, so never in a person's way. */
export function assetsRef(issue: number, sha: string): string {
  return `copperhead/assets/${issue}/${sha}`;
}

/**
 * Puts the pictures on the assets ref (once: a ref that exists already holds them, since the same
 * commit diffs to the same bytes) and returns how to link each: GitHub's `/raw/<commit>/<file>`
 * URL of the repository, which anyone who can read the pull request can open, private
 * repositories included, and which no later push can change (it names the commit, not the ref).
 */
export async function publishPictures(
  flow: Flow,
  issue: number,
  sha: string,
  images: ReadonlyMap<string, Uint8Array>,
): Promise<(file: string) => string> {
  const ref = assetsRef(issue, sha);
  let commit = await flow.gh.refCommit(ref);
  if (!commit && images.size > 0) {
    const files = [...images]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, bytes]) => ({ path, bytes }));
    commit = await flow.gh.putFilesAtRef(
      ref,
      files,
      `copperhead: design diff pictures of ${sha.slice(0, 12)} for #${issue}`,
    );
  }
  const at = commit ?? "missing";
  return (file) => `${flow.repo.htmlUrl}/raw/${at}/${encodeURIComponent(file)}`;
}
