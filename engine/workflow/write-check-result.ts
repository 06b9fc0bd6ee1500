import { join } from "node:path";
import { atomicWrite } from "../agent/tools/atomic-write.js";
import { checkReportSchema } from "../check/check-report.js";
import { resolveCheckTarget } from "../check/check-target.js";
import { runCheck } from "../check/run-check.js";
import { UsageError } from "../errors.js";
import { git } from "../repo/git.js";
import { type CheckResult, checkResultSchema } from "./check-result.js";

export interface CheckResultRequest {
  repo: string;
  /** Where to write check-result.json, relative to the repo (the artifact uploads it). */
  out: string;
  repository: string;
  sha: string;
  pr: number | null;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/**
 * `copperhead job check-result`: `copperhead check --json` on the checked-out commit, wrapped
 * with what it is about (repository, commit, pull request) as the App expects it. The commit is
 * the one HEAD really is: a checkout that gave something else is refused, never reported as
 * the asked-for commit. Findings are the App's to report: the result is written either way.
 */
export async function writeCheckResult(request: CheckResultRequest): Promise<CheckResult> {
  const head = (await git(request.repo, ["rev-parse", "HEAD"])).trim();
  if (head !== request.sha) {
    throw new UsageError(
      `the checkout is at ${head.slice(0, 12)}, not the commit to check (${request.sha.slice(0, 12)})`,
      "check out exactly COPPERHEAD_SHA (actions/checkout with `ref:` set to it)",
    );
  }
  const target = await resolveCheckTarget(request.repo, undefined);
  const report = checkReportSchema.parse(
    await runCheck(target, request.env, request.signal ? { signal: request.signal } : {}),
  );
  const result = checkResultSchema.parse({
    schema: 1,
    repository: request.repository,
    sha: head,
    pr: request.pr,
    report,
  });
  await atomicWrite(join(request.repo, request.out), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}
