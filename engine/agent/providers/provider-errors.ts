import { CopperheadError, type ErrorCategory } from "../../errors.js";

/** The provider could not produce a turn (network, 4xx/5xx after retries, timeouts). */
export class ProviderError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

/**
 * A usage or session limit: not a failure of the work. The loop exits `paused`; everything done
 * so far is kept, and a re-run replays cached turns at zero tokens.
 */
export class ProviderPausedError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
  constructor(message: string, options?: { cause?: unknown }) {
    super(
      `paused: ${message}`,
      "re-run the same command after the limit resets; completed turns replay from the cache",
      options,
    );
  }
}

/** A scripted session diverged from what its script expected: names the turn and the difference. */
export class ScriptDivergedError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}
