import { type Outcome, outcomeSchema } from "../../engine/flow/outcome.js";
import { stageNames } from "../../engine/flow/stage-names.js";
import { describeIssues } from "../describe-issues.js";
import type { DesignView, StageView } from "../design-view.js";
import type { WorkflowJob } from "../github-types.js";
import { DESIGN_WORKFLOW, issueOfBranch, RUNS_DIR, stageOfJob } from "../names.js";
import type { Flow } from "./flow.js";

const OUTCOME_PATH = /^\.copperhead\/runs\/([a-z]+)\/([1-9][0-9]*)\/outcome\.json$/;

/** outcome.json from the branch: parsed against the contract, or why it cannot be used. */
export function parseOutcomeText(
  text: string,
  stage: string,
  attempt: number,
): { outcome: Outcome } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "not valid JSON" };
  }
  const parsed = outcomeSchema.safeParse(json);
  if (!parsed.success) {
    return { problem: `does not match the outcome contract (${describeIssues(parsed.error, 1)})` };
  }
  if (parsed.data.stage !== stage || parsed.data.attempt !== attempt)
    return {
      problem: `says stage ${parsed.data.stage} attempt ${parsed.data.attempt} but lives in ${stage}/${attempt}`,
    };
  return { outcome: parsed.data };
}

/** The newest attempt's outcome of every stage at `sha` (the App never reads job logs). */
export async function readOutcomes(
  flow: Flow,
  sha: string,
): Promise<Map<string, { outcome: Outcome | null; path: string; problem: string | null }>> {
  const newest = new Map<string, { attempt: number; path: string; blob: string }>();
  for (const entry of await flow.gh.listTree(sha, RUNS_DIR)) {
    const m = OUTCOME_PATH.exec(entry.path);
    if (!m || entry.type !== "blob") continue;
    const attempt = Number(m[2]);
    const known = newest.get(m[1]!);
    if (!known || known.attempt < attempt)
      newest.set(m[1]!, { attempt, path: entry.path, blob: entry.sha });
  }
  const out = new Map<string, { outcome: Outcome | null; path: string; problem: string | null }>();
  await Promise.all(
    [...newest].map(async ([stage, { attempt, path, blob }]) => {
      const parsed = parseOutcomeText(await flow.gh.readBlob(blob), stage, attempt);
      out.set(
        stage,
        "outcome" in parsed
          ? { outcome: parsed.outcome, path, problem: null }
          : { outcome: null, path, problem: `${path} ${parsed.problem}` },
      );
    }),
  );
  return out;
}

/** Everything the checks, the reviews and the tracker are rendered from. */
export async function readDesign(flow: Flow, branch: string, sha: string): Promise<DesignView> {
  const [outcomes, runs, pr] = await Promise.all([
    readOutcomes(flow, sha),
    flow.gh.listRuns(DESIGN_WORKFLOW, branch),
    flow.gh.findPull(branch),
  ]);
  const run = runs[0] ?? null;
  const jobs = new Map<string, WorkflowJob>();
  if (run) {
    for (const job of await flow.gh.listJobs(run.id)) {
      const stage = stageOfJob(job.name);
      if (stage) jobs.set(stage, job);
    }
  }
  const enabled = new Set<string>(flow.settings.stages);
  const stages: StageView[] = stageNames.map((stage) => {
    const found = outcomes.get(stage);
    return {
      stage,
      enabled: enabled.has(stage),
      outcome: found?.outcome ?? null,
      outcomePath: found?.path ?? null,
      job: jobs.get(stage) ?? null,
      unreadable: found?.problem ?? null,
    };
  });
  const issue = issueOfBranch(branch);
  const notes: string[] = [];
  if (flow.settingsError)
    notes.push(`${flow.settingsError} The defaults are used until it is fixed.`);
  const failedEarly =
    run?.status === "completed" &&
    run.conclusion === "failure" &&
    stages.every((s) => !s.outcome && !s.unreadable);
  if (failedEarly)
    notes.push(
      "The design run failed before any stage wrote its outcome. On a first run this is usually a missing Actions secret: COPPERHEAD_APP_ID, COPPERHEAD_APP_PRIVATE_KEY and ANTHROPIC_API_KEY must be set (`copperhead install-workflow` lists them). The run's log names the step that failed.",
    );
  return {
    repo: { owner: flow.repo.owner, name: flow.repo.name, htmlUrl: flow.repo.htmlUrl },
    branch,
    headSha: sha,
    origin:
      issue !== null
        ? { kind: "issue", number: issue }
        : { kind: "brief", path: flow.settings.briefPath },
    briefPath: flow.settings.briefPath,
    pr: pr && pr.state === "open" ? { number: pr.number, htmlUrl: pr.htmlUrl } : null,
    run,
    stages,
    notes,
  };
}
