import type { AgentRunResult, ExitReason } from "../agent/loop/run-result.js";
import { describeError } from "../errors.js";
import type { Evidence } from "../flow/evidence.js";
import type { GateFindings } from "../flow/gate-findings.js";
import type { Cost, Obligation } from "../flow/outcome.js";
import type { CarriedWork, Snapshot, StashEntry } from "../repo/snapshot.js";
import { wipRef } from "../repo/wip-ref.js";
import type { Workspace } from "../repo/workspace.js";
import { AttemptError, type AttemptPhase } from "./attempt-error.js";
import type { FailurePolicy } from "./policy.js";
import type { HeldLock } from "./run-lock.js";

/** What the run phase reports, whether the agent loop ran or a stage's deterministic code did. */
export interface WorkReport {
  /** How the agent loop ended, or `run-error`: a stage's deterministic `run` threw. */
  exit: ExitReason | "run-error";
  /** The finish summary, or why the run stopped. */
  summary: string;
  /** The agent run, when a model did the work. */
  agent?: AgentRunResult;
  /** The run owes a changelog entry (the ledger's `changelog` obligation). */
  changelogOwed: boolean;
  /** Checks that ran clean during the run. */
  verified: string[];
  cost: Cost;
}

/** The gate's answer, on the files, apart from what the run said. */
export interface Judgement {
  pass: boolean;
  evidence: Evidence[];
  /** Obligations the run left open. */
  unmet: Obligation[];
  /** The KiCad gate's findings, finding by finding (none when the stage has no KiCad gate). */
  findings?: GateFindings;
}

export type AttemptVerdict =
  | "passed"
  /** Passed, touched nothing, and the policy commits no trail: nothing to commit. */
  | "unchanged"
  | "gate-failed"
  | "run-failed"
  | "paused"
  | "interrupted"
  /** A phase threw: the work was set aside as for a failed run, then the error is rethrown. */
  | "crashed";

/** Everything known when an attempt ends; what its record, report and commit message are made of. */
export interface Settlement {
  scope: string;
  attempt: number;
  /** The commit the attempt started from. */
  base: string;
  verdict: AttemptVerdict;
  startedAt: number;
  finishedAt: number;
  work?: WorkReport;
  judgement?: Judgement;
  /** Paths the attempt changed (its trail left out). */
  touched: string[];
  /** Where the unfinished work was recorded (every verdict but passed/unchanged/paused-kept). */
  wip?: { ref: string; commit: string };
  /** Where it was stashed, when the tree was restored. */
  stash?: StashEntry;
  /** The work stayed in the tree: a kept gate failure, or a pause kept for its resume. */
  kept: boolean;
  /** A crash: the phase and what went wrong. */
  failure?: { phase: AttemptPhase; message: string };
}

export interface AttemptResult extends Settlement {
  /** The pass commit, or the trail commit of a failed stage attempt. */
  commit?: string;
}

export interface AttemptPlan {
  /** The stage, or `do`. */
  scope: string;
  policy: FailurePolicy;
  workspace: Workspace;
  /** Work an earlier attempt left in the tree for this one to build on. */
  carried?: CarriedWork;
  /** The run lock: it records the attempt once dispatched, for a killed run's recovery. */
  lock?: HeldLock;
  signal?: AbortSignal;
  now?: () => number;
  /** Deterministic preparation (a stage's `prepare`), before every attempt. */
  prepare?: () => Promise<void>;
  /** Records the start (the flow's dispatch event) and returns the attempt number. */
  dispatch: () => Promise<number>;
  /** The work itself: the agent loop, or a stage's deterministic `run`. */
  work: (attempt: number) => Promise<WorkReport>;
  /** The gate, on the files as the run left them. */
  judge: (work: WorkReport, attempt: number) => Promise<Judgement>;
  /** Writes the attempt's result record (outcome.json) before the work is settled. */
  record?: (settlement: Settlement) => Promise<void>;
  /** Collects that record into the flow log (after the tree is settled, before the commit). */
  reap?: (attempt: number) => Promise<void>;
  /** The audit-trail paths committed when the policy says so. */
  trail?: (attempt: number) => readonly string[];
  /** Appends the changelog entry a passing run owes; returns the path it wrote. */
  changelog?: (settlement: Settlement) => Promise<string>;
  /** Keeps a paused run's work for its resume (the policy keeps pauses). */
  pause?: (snapshot: Snapshot, touched: readonly string[]) => Promise<void>;
  /** The commit message of a pass, or of a failed attempt's trail. */
  message: (settlement: Settlement) => string;
}

function verdictOf(work: WorkReport, signal: AbortSignal | undefined): AttemptVerdict | undefined {
  if (signal?.aborted || work.exit === "interrupted") return "interrupted";
  if (work.exit === "paused") return "paused";
  if (work.exit !== "done") return "run-failed";
  return undefined;
}

/**
 * One attempt, in named phases: snapshot → prepare → dispatch → run → gate → outcome → settle
 * → reap → commit. The gate is asked apart from what the run said. A pass is committed once,
 * with its trail; a run that failed (provider error, budget, repair cycles, a refusal, a pause
 * the policy does not keep, an interrupt) is recorded on its WIP ref, stashed under its name,
 * and the tree returns to the snapshot; a finished run whose gate failed is kept (WIP ref too)
 * when the policy says so. The restore also runs when any phase throws, and the error names
 * the phase.
 */
export async function runAttempt(plan: AttemptPlan): Promise<AttemptResult> {
  const { workspace, policy, signal } = plan;
  const now = plan.now ?? Date.now;
  const startedAt = now();
  let phase: AttemptPhase = "snapshot";
  let snapshot: Snapshot | undefined;
  let attempt: number | undefined;
  let settled = false;
  let recorded = false;
  const trailOf = (n: number) => (policy.commitTrail && plan.trail ? [...plan.trail(n)] : []);

  try {
    snapshot = await workspace.snapshot(plan.carried);
    phase = "prepare";
    await plan.prepare?.();
    phase = "dispatch";
    attempt = await plan.dispatch();
    await plan.lock?.record({ scope: plan.scope, attempt, snapshot });
    const n = attempt;
    phase = "run";
    const work = await plan.work(n);

    let verdict = verdictOf(work, signal);
    let judgement: Judgement | undefined;
    if (!verdict) {
      phase = "gate";
      judgement = await plan.judge(work, n);
      verdict = signal?.aborted ? "interrupted" : judgement.pass ? "passed" : "gate-failed";
    }
    const trail = trailOf(n);
    const touched = (await workspace.touched(snapshot)).filter((p) => !trail.includes(p));
    if (verdict === "passed" && touched.length === 0 && !policy.commitTrail) verdict = "unchanged";
    const keep =
      (verdict === "gate-failed" && policy.keepGateFailure) ||
      (verdict === "paused" && policy.keepPaused);
    const settlement: Settlement = {
      scope: plan.scope,
      attempt: n,
      base: snapshot.head,
      verdict,
      startedAt,
      finishedAt: now(),
      work,
      ...(judgement ? { judgement } : {}),
      touched,
      kept: keep,
    };

    phase = "settle";
    if (verdict === "passed" && work.changelogOwed && touched.length > 0 && plan.changelog) {
      const path = await plan.changelog(settlement);
      if (!touched.includes(path)) touched.push(path);
    }
    const unfinished = verdict !== "passed" && verdict !== "unchanged";
    const name = policy.stashName(n, now());
    if (unfinished && touched.length > 0 && !(verdict === "paused" && keep)) {
      const ref = wipRef(plan.scope, n);
      const commit = await workspace.saveWip(snapshot.head, touched, ref, name);
      settlement.wip = { ref, commit };
    }

    phase = "outcome";
    await plan.record?.(settlement);
    recorded = true;

    phase = "settle";
    if (verdict === "paused" && keep) await plan.pause?.(snapshot, touched);
    else if (unfinished && !keep) {
      const restored = await workspace.stash(snapshot, name, { keep: trail });
      if (restored.stash) settlement.stash = restored.stash;
    }
    settled = true;

    phase = "reap";
    await plan.reap?.(n);

    phase = "commit";
    let commit: string | undefined;
    if (verdict === "passed") {
      commit = await workspace.commit([...touched, ...trail], plan.message(settlement));
    } else if (trail.length > 0 && verdict !== "unchanged") {
      commit = await workspace.commit(trail, plan.message(settlement));
    }
    await plan.lock?.clear();
    return { ...settlement, ...(commit ? { commit } : {}) };
  } catch (error) {
    const cleanup = await setAside(plan, {
      snapshot,
      attempt,
      settled,
      recorded,
      startedAt,
      now,
      phase,
      error,
      trail: attempt === undefined ? [] : trailOf(attempt),
    });
    throw new AttemptError(plan.scope, phase, error, cleanup);
  }
}

interface Crash {
  snapshot: Snapshot | undefined;
  attempt: number | undefined;
  settled: boolean;
  recorded: boolean;
  startedAt: number;
  now: () => number;
  phase: AttemptPhase;
  error: unknown;
  trail: string[];
}

/**
 * After a phase threw: the work goes to the WIP ref and the stash and the tree returns to the
 * snapshot (unless the tree was settled already), a dispatched attempt gets its "crashed"
 * record and trail. Each step is best effort; what failed is returned for the error message.
 */
async function setAside(plan: AttemptPlan, crash: Crash): Promise<string[]> {
  const problems: string[] = [];
  const attempt = crash.attempt;
  const { snapshot } = crash;
  if (!snapshot) return problems;
  const step = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      problems.push(`${what}: ${describeError(error)}`);
    }
  };
  const settlement: Settlement = {
    scope: plan.scope,
    attempt: attempt ?? 0,
    base: snapshot.head,
    verdict: "crashed",
    startedAt: crash.startedAt,
    finishedAt: crash.now(),
    touched: [],
    kept: false,
    failure: {
      phase: crash.phase,
      message: describeError(crash.error),
    },
  };
  if (!crash.settled) {
    await step("listing the touched paths", async () => {
      settlement.touched = (await plan.workspace.touched(snapshot)).filter(
        (p) => !crash.trail.includes(p),
      );
    });
    const name = plan.policy.stashName(attempt ?? 0, crash.now());
    if (attempt !== undefined && settlement.touched.length > 0) {
      await step("saving the WIP ref", async () => {
        const ref = wipRef(plan.scope, attempt);
        const commit = await plan.workspace.saveWip(snapshot.head, settlement.touched, ref, name);
        settlement.wip = { ref, commit };
      });
    }
    await step("restoring the snapshot", async () => {
      const restored = await plan.workspace.stash(snapshot, name, { keep: crash.trail });
      if (restored.stash) settlement.stash = restored.stash;
    });
  }
  if (attempt !== undefined && !crash.recorded && plan.record) {
    const record = plan.record;
    await step("writing the attempt's record", () => record(settlement));
    if (plan.reap) {
      const reap = plan.reap;
      await step("collecting the attempt into the event log", () => reap(attempt));
    }
    if (crash.trail.length > 0) {
      await step("committing the trail", () =>
        plan.workspace.commit(crash.trail, plan.message(settlement)),
      );
    }
  }
  await step("clearing the run lock", async () => plan.lock?.clear());
  return problems;
}
