import { z } from "zod";

/**
 * What the App must remember about a design between deliveries, kept in a hidden line of its
 * own tracker comment (GitHub holds all state; the App keeps none in memory): the runs it
 * already continued (so a redelivered `workflow_run.completed` never dispatches twice) and the
 * runs `/copperhead stop` cancelled (never continued, even when one finished before the
 * cancel landed). Only ever read from a comment the App itself wrote.
 */
export interface TrackerLedger {
  continuedAfter: number[];
  stopped: number[];
}

export const EMPTY_LEDGER: TrackerLedger = { continuedAfter: [], stopped: [] };

/** Enough to cover every run a design could still be deciding about. */
const KEEP = 20;

const runIds = z.array(z.int().positive()).max(200);
const ledgerSchema = z.object({ continuedAfter: runIds, stopped: runIds });
const LEDGER_LINE = /^<!-- copperhead:ledger (\{[^\n]*\}) -->$/m;

/** The ledger in a tracker body; empty when there is none or it does not parse. */
export function readLedger(body: string): TrackerLedger {
  const m = LEDGER_LINE.exec(body);
  if (!m) return EMPTY_LEDGER;
  let json: unknown;
  try {
    json = JSON.parse(m[1]!);
  } catch {
    return EMPTY_LEDGER;
  }
  const parsed = ledgerSchema.safeParse(json);
  return parsed.success ? parsed.data : EMPTY_LEDGER;
}

/** The hidden line for the tracker; null while there is nothing to remember. */
export function ledgerLine(ledger: TrackerLedger): string | null {
  if (ledger.continuedAfter.length + ledger.stopped.length === 0) return null;
  return `<!-- copperhead:ledger ${JSON.stringify(ledger)} -->`;
}

const remember = (ids: readonly number[], id: number) =>
  [...ids.filter((x) => x !== id), id].slice(-KEEP);

export function recordContinued(ledger: TrackerLedger, runId: number): TrackerLedger {
  return { ...ledger, continuedAfter: remember(ledger.continuedAfter, runId) };
}

export function recordStopped(ledger: TrackerLedger, runId: number): TrackerLedger {
  return { ...ledger, stopped: remember(ledger.stopped, runId) };
}

/** Both ledgers' runs (a fresh read of the tracker plus what this job just did). */
export function mergeLedgers(a: TrackerLedger, b: TrackerLedger): TrackerLedger {
  let out = a;
  for (const id of b.continuedAfter) out = recordContinued(out, id);
  for (const id of b.stopped) out = recordStopped(out, id);
  return out;
}
