import type { DesignView } from "../design-view.js";
import { runInFlight } from "../design-view.js";
import type { CheckRunInfo, IssueComment } from "../github-types.js";
import { batches, type CheckRunPlan, designChecks, stageCheck } from "../render/check-runs.js";
import { placeStageDiffs, stageDiffsRegion } from "../render/diff-tracker.js";
import { EMPTY_LEDGER, mergeLedgers, readLedger, recordStopped } from "../render/ledger.js";
import { type Located, type Locator, referenceLines } from "../render/locate.js";
import { findingMarkers, TRACKER_MARKER } from "../render/markers.js";
import { diffLines, planReview, reviewFindings } from "../render/review.js";
import { renderTracker } from "../render/tracker.js";
import { type Flow, isSelf } from "./flow.js";
import { readDesign } from "./read-design.js";

/** Schematic and board files the outcomes name, with their reference lines read at `sha`. */
export async function buildLocator(
  flow: Flow,
  sha: string,
  paths: { schematics: string[]; board: string | null },
): Promise<Locator> {
  const lines = new Map<string, Located>();
  const files = [
    ...paths.schematics.map((p) => ({ path: p, side: "sch" as const })),
    ...(paths.board ? [{ path: paths.board, side: "pcb" as const }] : []),
  ];
  const texts = await Promise.all(files.map((f) => flow.gh.readText(f.path, sha)));
  files.forEach((f, i) => {
    const file = texts[i];
    if (!file) return;
    for (const [key, at] of referenceLines(f.path, file.text, f.side))
      if (!lines.has(key)) lines.set(key, at);
  });
  return { ...paths, lines };
}

function designFiles(view: DesignView): { schematics: string[]; board: string | null } {
  const schematics = new Set<string>();
  let board: string | null = null;
  for (const s of view.stages) {
    for (const a of s.outcome?.artifacts ?? []) {
      if (a.path.endsWith(".kicad_sch")) schematics.add(a.path);
      if (a.path.endsWith(".kicad_pcb") && !board) board = a.path;
    }
  }
  return {
    schematics: [...schematics].sort(
      (a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b),
    ),
    board,
  };
}

function hasFindings(view: DesignView): boolean {
  return view.stages.some((s) => {
    const f = s.outcome?.findings;
    return f !== undefined && f.erc.length + f.drc.length + f.legibility.length > 0;
  });
}

function unchanged(known: CheckRunInfo, plan: CheckRunPlan): boolean {
  return (
    known.status === plan.status &&
    known.conclusion === (plan.conclusion ?? null) &&
    known.title === plan.title &&
    known.summary === plan.summary &&
    known.annotations === plan.annotations.length
  );
}

/**
 * Puts the App's check runs on `sha`. A check that already says the same is left alone; one
 * that changed is updated in place, except when annotations are involved: GitHub appends the
 * annotations of every update, so a new run of the same name replaces it (GitHub shows the
 * newest). Annotations go 50 per call.
 */
export async function upsertChecks(
  flow: Flow,
  sha: string,
  plans: readonly CheckRunPlan[],
  detailsUrl: string | undefined,
): Promise<void> {
  const existing = new Map<string, CheckRunInfo>();
  for (const run of await flow.gh.listCheckRuns(sha)) {
    if (run.appId === flow.identity.id && !existing.has(run.name)) existing.set(run.name, run);
  }
  for (const plan of plans) {
    const known = existing.get(plan.name);
    if (known && unchanged(known, plan)) continue;
    const [first = [], ...rest] = batches(plan.annotations);
    const base = {
      status: plan.status,
      ...(plan.conclusion ? { conclusion: plan.conclusion } : {}),
      // GitHub refuses action_required without a page that says what to do.
      ...(detailsUrl || plan.conclusion === "action_required"
        ? { detailsUrl: detailsUrl ?? flow.repo.htmlUrl }
        : {}),
    };
    const output = (annotations: typeof first) => ({
      title: plan.title,
      summary: plan.summary,
      ...(annotations.length > 0 ? { annotations } : {}),
    });
    let id: number;
    if (known && plan.annotations.length === 0 && known.annotations === 0) {
      id = known.id;
      await flow.gh.updateCheckRun(id, { ...base, output: output(first) });
    } else {
      id = await flow.gh.createCheckRun({
        ...base,
        name: plan.name,
        headSha: sha,
        output: output(first),
      });
    }
    for (const batch of rest) await flow.gh.updateCheckRun(id, { ...base, output: output(batch) });
  }
}

/** One review per stage outcome with new findings; threads of fixed findings resolved. */
async function publishReviews(flow: Flow, view: DesignView, locator: Locator): Promise<void> {
  if (!view.pr) return;
  const number = view.pr.number;
  const withFindings = view.stages.filter(
    (s) => s.outcome && s.outcome.obligations.length + s.outcome.findings.legibility.length > 0,
  );
  const [reviews, threads, files] = await Promise.all([
    flow.gh.listReviews(number),
    flow.gh.listReviewThreads(number),
    withFindings.length > 0 ? flow.gh.listPullFiles(number) : Promise.resolve([]),
  ]);
  // What earlier reviews said: line comments are threads, file-level findings sit in bodies.
  const posted = new Set<string>();
  for (const said of [...reviews, ...threads])
    if (isSelf(flow, said.authorLogin)) for (const m of findingMarkers(said.body)) posted.add(m);

  const diff = new Map(
    files.filter((f) => f.patch !== undefined).map((f) => [f.path, diffLines(f.patch!)]),
  );
  for (const f of files) if (f.patch === undefined) diff.set(f.path, new Set());
  const current = new Map<string, Set<string>>();
  for (const s of view.stages) {
    if (!s.outcome) continue;
    const found = reviewFindings(s.outcome, locator, diff);
    current.set(s.stage, new Set(found.map((f) => f.id)));
    const review = planReview(s.outcome, found, posted);
    if (!review) continue;
    await flow.gh.createReview(number, { commitId: view.headSha, ...review });
    for (const f of found) posted.add(f.id);
  }
  // A thread whose finding the stage's newest outcome no longer reports has been fixed.
  for (const t of threads) {
    if (t.isResolved || !isSelf(flow, t.authorLogin)) continue;
    const ids = findingMarkers(t.body);
    const fixed =
      ids.length > 0 &&
      ids.every((id) => {
        const stage = id.split(":")[0]!;
        const now = current.get(stage);
        return now !== undefined && !now.has(id);
      });
    if (fixed) await flow.gh.resolveReviewThread(t.id);
  }
}

/** The App's tracker on `issue`, found by its marker (only the App's own comments count). */
export async function findTracker(flow: Flow, issue: number): Promise<IssueComment | null> {
  const comments = await flow.gh.listIssueComments(issue);
  return (
    comments.find((c) => isSelf(flow, c.authorLogin) && c.body.startsWith(TRACKER_MARKER)) ?? null
  );
}

/**
 * Edits the tracker in place when it changed; posts it only when there is none. The stage
 * diffs are written as they arrive (app/diff/post-stage-diff.ts) and kept across re-renders.
 */
async function writeTracker(
  flow: Flow,
  issue: number,
  found: IssueComment | null,
  body: string,
): Promise<void> {
  if (found) {
    const next = placeStageDiffs(body, stageDiffsRegion(found.body));
    if (found.body !== next) await flow.gh.updateIssueComment(found.id, next);
  } else await flow.gh.createIssueComment(issue, body);
}

/** Where a design's tracker lives: its issue, or (brief pushed to the default branch) its PR. */
export function trackerIssue(view: DesignView): number | null {
  return view.origin.kind === "issue" ? view.origin.number : (view.pr?.number ?? null);
}

/**
 * Checks, reviews and tracker for the head of a design branch, all from `view`. The tracker's
 * ledger is carried over from the comment as found (`tracker`, when the caller already read
 * it) plus what `view.ledger` adds.
 */
export async function publishDesign(
  flow: Flow,
  view: DesignView,
  tracker?: IssueComment | null,
): Promise<void> {
  const files = designFiles(view);
  const locator = hasFindings(view)
    ? await buildLocator(flow, view.headSha, files)
    : { ...files, lines: new Map<string, Located>() };
  const plans = [
    ...view.stages.map((s) => stageCheck(view, s)),
    ...designChecks(view, locator, flow.settings.checkRuns),
  ];
  await upsertChecks(flow, view.headSha, plans, view.run?.htmlUrl ?? view.pr?.htmlUrl);
  await publishReviews(flow, view, locator);
  const issue = trackerIssue(view);
  if (issue === null) return;
  const found = tracker === undefined ? await findTracker(flow, issue) : tracker;
  const ledger = mergeLedgers(
    found ? readLedger(found.body) : EMPTY_LEDGER,
    view.ledger ?? EMPTY_LEDGER,
  );
  await writeTracker(flow, issue, found, renderTracker({ ...view, ledger }));
}

/**
 * Re-reads a design branch and publishes it. `stopped`: the App just cancelled that run, so it
 * is shown finished even before GitHub's own completed event arrives, and the tracker
 * remembers it was stopped (it is never continued).
 */
export async function refreshDesign(
  flow: Flow,
  branch: string,
  stopped: number | null = null,
): Promise<void> {
  const head = await flow.gh.branchSha(branch);
  if (!head) return;
  const view = await readDesign(flow, branch, head);
  if (stopped !== null) {
    if (view.run?.id === stopped && runInFlight(view.run))
      view.run = { ...view.run, status: "completed", conclusion: "cancelled" };
    view.ledger = recordStopped(EMPTY_LEDGER, stopped);
  }
  await publishDesign(flow, view);
}
