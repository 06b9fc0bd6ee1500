import type { Outcome } from "../engine/flow/outcome.js";
import type { StageName } from "../engine/flow/stage-names.js";
import type { WorkflowJob, WorkflowRun } from "./github-types.js";
import type { TrackerLedger } from "./render/ledger.js";

/** What one stage looks like from GitHub: its newest outcome on the branch and its job. */
export interface StageView {
  stage: StageName;
  /** False when `.github/copperhead.yml` leaves the stage out. */
  enabled: boolean;
  outcome: Outcome | null;
  /** Where that outcome lives on the branch. */
  outcomePath: string | null;
  /** The stage's job in the newest design run (job name `copperhead / <stage>`). */
  job: WorkflowJob | null;
  /** An outcome.json that exists but does not match the contract: what is wrong with it. */
  unreadable: string | null;
}

export interface DesignView {
  repo: { owner: string; name: string; htmlUrl: string };
  branch: string;
  headSha: string;
  /** What the design was started from: an issue, or a brief pushed to the default branch. */
  origin: { kind: "issue"; number: number } | { kind: "brief"; path: string };
  briefPath: string;
  pr: { number: number; htmlUrl: string } | null;
  /** The newest design run on the branch. */
  run: WorkflowRun | null;
  stages: StageView[];
  /** Things the reader must know: settings errors, missing secrets, App errors. */
  notes: string[];
  /** What the tracker remembers across deliveries (kept in a hidden line of it). */
  ledger?: TrackerLedger;
}

export type StageState =
  | "passed"
  | "failed"
  | "blocked"
  | "running"
  | "queued"
  | "skipped"
  | "cancelled"
  | "timed-out"
  | "not-run";

const RUN_IN_FLIGHT = new Set(["queued", "in_progress", "waiting", "requested", "pending"]);

export function runInFlight(run: WorkflowRun | null): boolean {
  return run !== null && RUN_IN_FLIGHT.has(run.status);
}

/**
 * One state per stage, so nothing is ever left "running": a job still going is running, a
 * finished or cancelled run without an outcome for the stage says so.
 */
export function stageState(view: StageView, run: WorkflowRun | null): StageState {
  if (!view.enabled) return "skipped";
  const job = view.job;
  if (job && runInFlight(run)) {
    if (job.status === "in_progress") return "running";
    if (job.status !== "completed") return "queued";
  }
  // A job that ended after this outcome was written would have written a newer one: the
  // outcome on the branch is the stage's result.
  if (view.outcome) {
    if (view.outcome.verdict === "pass") return "passed";
    return view.outcome.verdict === "fail" ? "failed" : "blocked";
  }
  if (view.unreadable) return "blocked";
  if (runInFlight(run)) return "queued";
  if (job?.conclusion === "cancelled" || run?.conclusion === "cancelled") return "cancelled";
  if (job?.conclusion === "timed_out" || run?.conclusion === "timed_out") return "timed-out";
  return "not-run";
}
