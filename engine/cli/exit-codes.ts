import { type CopperheadError, type ErrorCategory, InterruptedError } from "../errors.js";

/** The exit codes every command shares (docs/errors.md). */
export const EXIT = {
  /** Nothing failed. */
  ok: 0,
  /** The command ran and found something that fails (ERC violations, drift, an unverified run). */
  findings: 1,
  /** The command could not run: bad input, the environment, or the flow refused (the message says). */
  error: 2,
  /** A copperhead bug: an error nobody anticipated (the message asks for a report). */
  internal: 3,
} as const;

const BY_CATEGORY: Record<ErrorCategory, number> = {
  usage: EXIT.error,
  environment: EXIT.error,
  flow: EXIT.error,
};

/**
 * The exit code for an error a command raised on purpose: the category's, except an
 * interrupted run, which exits 128 + the signal's number like any Unix program.
 */
export function exitCodeOf(error: CopperheadError): number {
  if (error instanceof InterruptedError) return error.exitCode;
  return BY_CATEGORY[error.category];
}
