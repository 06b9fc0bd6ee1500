import type { LedgerState } from "../ledger/ledger-state.js";
import type { Usage } from "../providers/message.js";

export type ExitReason =
  | "done"
  | "refused"
  | "budget"
  | "repair-cycles"
  | "stalled"
  | "provider-error"
  | "paused"
  /** SIGINT/SIGTERM: the loop stopped at a safe point (between tool calls, or mid model call). */
  | "interrupted";

/** What a run reports back: the flow turns this into the outcome's cost and verdict. */
export interface AgentRunResult {
  exit: ExitReason;
  /** The model's finish summary, or why the run stopped. */
  summary: string;
  turns: number;
  usage: Usage;
  cacheHits: number;
  wallMs: number;
  /** Checks that ran clean during the run (`erc`, `drc`, `drift`, `legibility`), for the closing line. */
  verified: string[];
  ledger: LedgerState;
  transcript: string;
}
