import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { runDiff } from "../diff/run-diff.js";
import { defaultBranch } from "../diff/source/default-branch.js";
import { UsageError } from "../errors.js";
import type { StageName } from "../flow/stage-names.js";
import { git } from "../repo/git.js";
import { type DiffResult, diffResultSchema } from "./diff-result.js";
import { DIFF_RESULT_FILE } from "./workflow-names.js";

export interface DiffResultRequest {
  repo: string;
  /** The folder (relative to the repo) that gets diff-result.json and the PNGs: the artifact. */
  out: string;
  repository: string;
  /** The commit HEAD must be (a check job); undefined for a stage job, which diffs its HEAD. */
  sha: string | undefined;
  /**
   * What HEAD is compared with: `parent` (a stage's commit against the one before it), a base
   * commit (a pull request's base: compared from the merge base, as GitHub's "files changed"),
   * or `default` (the merge base with the default branch).
   */
  base: { kind: "parent" } | { kind: "commit"; sha: string } | { kind: "default" };
  pr: number | null;
  stage: StageName | null;
  checks: boolean;
  env: NodeJS.ProcessEnv;
}

async function revisionsFor(repo: string, head: string, base: DiffResultRequest["base"]) {
  if (base.kind === "parent") return [`${head}^`, head];
  const from = base.kind === "commit" ? base.sha : await defaultBranch(repo);
  return [`${from}...${head}`];
}

/**
 * `copperhead job diff-result`: `copperhead diff --json --images` of the checked-out commit
 * against its base, written as an artifact folder the App can post from: diff-result.json with
 * the pictures named by bare file name, the PNGs beside it.
 */
export async function writeDiffResult(request: DiffResultRequest): Promise<DiffResult> {
  const head = (await git(request.repo, ["rev-parse", "HEAD"])).trim();
  if (request.sha !== undefined && head !== request.sha) {
    throw new UsageError(
      `the checkout is at ${head.slice(0, 12)}, not the commit to diff (${request.sha.slice(0, 12)})`,
      "check out exactly COPPERHEAD_SHA (actions/checkout with `ref:` set to it)",
    );
  }
  const outDir = join(request.repo, request.out);
  const report = await runDiff({
    repo: request.repo,
    cwd: request.repo,
    revisions: await revisionsFor(request.repo, head, request.base),
    checks: request.checks,
    images: outDir,
    env: request.env,
  });
  const pictures =
    report.pictures?.map((p) => ({
      ...p,
      overview: basename(p.overview),
      crops: p.crops.map((c) => basename(c)),
    })) ?? null;
  // Made only now: a diff that fails leaves no folder for the upload step to find.
  await mkdir(outDir, { recursive: true });
  const result = diffResultSchema.parse({
    schema: 1,
    repository: request.repository,
    sha: head,
    base: report.before.commit,
    pr: request.pr,
    stage: request.stage,
    report: { ...report, pictures },
  });
  await atomicWrite(join(outDir, DIFF_RESULT_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
