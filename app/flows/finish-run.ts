import { createHash } from "node:crypto";
import { type EndedRun, planContinuation, refusal } from "../continuation.js";
import { DESIGN_WORKFLOW } from "../names.js";
import { EMPTY_LEDGER, readLedger, recordContinued } from "../render/ledger.js";
import type { Flow } from "./flow.js";
import { findTracker, publishDesign, trackerIssue } from "./publish.js";
import { readDesign } from "./read-design.js";
import { dispatchDesign } from "./start-design.js";

/**
 * A design run ended: the design is published as it is now, and when the run left work that
 * another run can move on (a stage stopped at its turn or time budget, a job cut off by a
 * limit, a brief changed meanwhile), the design is dispatched again on the tip, at most
 * `continuations` times in a row. The tracker's ledger records the run as continued, so a
 * redelivered event never dispatches twice; the dispatch itself also refuses while a run is
 * in flight.
 */
export async function finishDesignRun(flow: Flow, branch: string, run: EndedRun): Promise<void> {
  const head = await flow.gh.branchSha(branch);
  if (!head) return;
  const view = await readDesign(flow, branch, head);
  const issue = trackerIssue(view);
  const tracker = issue === null ? null : await findTracker(flow, issue);
  const ledger = tracker ? readLedger(tracker.body) : EMPTY_LEDGER;
  const max = flow.settings.continuations;
  // Nothing more is read from GitHub for a run that is not continued whatever its stages say.
  let brief: string | null = null;
  if (!flow.settingsError && refusal(view, run, ledger, max) === null) {
    // The brief the engine hashed into the outcomes, which is what "stale" is measured by.
    const path = view.stages.find((s) => s.outcome)?.outcome?.brief.path ?? view.briefPath;
    const text = await flow.gh.readText(path, head);
    brief = text ? createHash("sha256").update(text.text, "utf8").digest("hex") : null;
  }
  const plan = flow.settingsError
    ? ({ dispatch: false, why: "the settings are not valid" } as const)
    : planContinuation(view, run, ledger, max, brief);
  if (!plan.dispatch) {
    flow.log.info(`${flow.repo.fullName} ${branch}: run ${run.id} not continued: ${plan.why}`);
    await publishDesign(flow, view, tracker);
    return;
  }
  const dispatched = await dispatchDesign(flow, branch, "", plan.number);
  if (dispatched === "dispatched") {
    view.ledger = recordContinued(EMPTY_LEDGER, run.id);
    view.notes.push(
      `The run ended with work left (${plan.stages.join(", ")}), so the App dispatched the design again: automatic continuation ${plan.number} of ${max} (\`continuations\` in \`.github/copperhead.yml\`).`,
    );
    // The new run, when GitHub lists it already: the tracker shows it queued.
    const [newest] = await flow.gh.listRuns(DESIGN_WORKFLOW, branch);
    if (newest && newest.id !== run.id) {
      view.run = newest;
      for (const s of view.stages) s.job = null;
    }
  }
  await publishDesign(flow, view, tracker);
}
