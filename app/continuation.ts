import type { Outcome } from "../engine/flow/outcome.js";
import { type DesignView, runInFlight, type StageView } from "./design-view.js";
import { continuationOf, requestIdOf } from "./names.js";
import type { TrackerLedger } from "./render/ledger.js";

/**
 * Where a stage stands once a design run has ended, for deciding whether to dispatch again:
 * `stopped` ran out of turns or time (or its job was cancelled by a job limit) and resumes on
 * the next run; `stale` passed on a brief that has changed since; `terminal` failed in a way
 * only a person can move on (a gate said no, the model gave up, the job itself broke);
 * `waiting` never ran: Actions skipped its job because a job it needs failed, so it moves
 * when that one does (and never on its own: a run without jobs is a broken workflow).
 */
export type Leftover = "off" | "done" | "stale" | "stopped" | "terminal" | "waiting";

/**
 * The outcome of an attempt the run cut short rather than judged, as the engine records it
 * (`stoppedBy`: a run that ended at its turn budget, or was interrupted — the step's time limit
 * sends SIGTERM — or that a later run found killed).
 */
export function cutShort(outcome: Outcome): boolean {
  return outcome.stoppedBy !== undefined;
}

export function leftover(stage: StageView, briefSha256: string | null): Leftover {
  if (!stage.enabled) return "off";
  const o = stage.outcome;
  if (o) {
    if (o.verdict === "pass")
      return briefSha256 !== null && o.brief.sha256 !== briefSha256 ? "stale" : "done";
    return cutShort(o) ? "stopped" : "terminal";
  }
  if (stage.unreadable) return "terminal";
  const conclusion = stage.job?.conclusion;
  if (conclusion === "cancelled" || conclusion === "timed_out") return "stopped";
  if (conclusion === "failure") return "terminal";
  return "waiting";
}

export type Continuation =
  | { dispatch: true; number: number; stages: string[] }
  | { dispatch: false; why: string };

export interface EndedRun {
  id: number;
  conclusion: string | null;
  displayTitle: string;
}

/**
 * Why a finished design run is not continued whatever its stages say: stopped on purpose,
 * already continued (a redelivery), superseded by a newer run, or at the bound. Needs nothing
 * more from GitHub than the view and the tracker.
 */
export function refusal(
  view: DesignView,
  run: EndedRun,
  ledger: TrackerLedger,
  max: number,
): string | null {
  if (max === 0) return "automatic continuations are off (`continuations: 0`)";
  if (run.conclusion === "cancelled") return "the run was cancelled";
  if (ledger.stopped.includes(run.id)) return "the run was stopped with `/copperhead stop`";
  if (ledger.continuedAfter.includes(run.id)) return "the App already continued this run";
  if (runInFlight(view.run) || (view.run && view.run.id !== run.id))
    return "a newer design run exists on the branch";
  const n = continuationOf(requestIdOf(run.displayTitle));
  if (n >= max) return `this run was automatic continuation ${n} of ${max}`;
  return null;
}

/**
 * Dispatch again when a stage is left that another run can move on: a stopped or a stale
 * one (the stages waiting behind it follow in that run). Waiting stages alone never count:
 * behind a terminal failure the next run would refuse them too.
 */
export function planContinuation(
  view: DesignView,
  run: EndedRun,
  ledger: TrackerLedger,
  max: number,
  briefSha256: string | null,
): Continuation {
  const why = refusal(view, run, ledger, max);
  if (why) return { dispatch: false, why };
  const states = view.stages.map((s) => [s.stage, leftover(s, briefSha256)] as const);
  const left = states.filter(([, l]) => l === "stopped" || l === "stale").map(([s]) => s);
  if (left.length === 0) {
    const terminal = states.some(([, l]) => l === "terminal");
    return {
      dispatch: false,
      why: terminal ? "what is left needs a person" : "nothing is left to run",
    };
  }
  return {
    dispatch: true,
    number: continuationOf(requestIdOf(run.displayTitle)) + 1,
    stages: left,
  };
}
