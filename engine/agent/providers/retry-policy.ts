import { classifyError } from "./classify-error.js";
import { ProviderError, ProviderPausedError } from "./provider-errors.js";

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryPolicy {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A `retry-after` longer than this is treated as a limit, not a hiccup: the run pauses
   * instead of sleeping for minutes inside a turn.
   */
  maxRetryAfterMs: number;
  sleep: Sleep;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  sleep: realSleep,
};

/** Exponential backoff without jitter above the base so tests can reason about waits. */
function backoff(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

/**
 * Runs `call` under our retry policy (the SDK's own retries are off so this is the only one).
 * Throws ProviderPausedError on usage limits and ProviderError when retries run out.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  onRetry?: (attempt: number, waitMs: number, reason: string) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const verdict = classifyError(error);
      if (verdict.kind === "paused")
        throw new ProviderPausedError(verdict.reason, { cause: error });
      if (verdict.kind === "fatal") {
        throw new ProviderError(
          `provider request failed: ${verdict.reason}`,
          "check the model name, API key and request; the transcript shows the last request",
          { cause: error },
        );
      }
      if (verdict.retryAfterMs !== undefined && verdict.retryAfterMs > policy.maxRetryAfterMs) {
        throw new ProviderPausedError(
          `${verdict.reason} (retry-after ${Math.round(verdict.retryAfterMs / 1000)}s)`,
          { cause: error },
        );
      }
      if (attempt >= policy.maxAttempts) {
        throw new ProviderError(
          `provider request failed after ${attempt} attempts: ${verdict.reason}`,
          "wait and re-run; completed turns replay from the cache",
          { cause: error },
        );
      }
      const waitMs = verdict.retryAfterMs ?? backoff(policy, attempt);
      onRetry?.(attempt, waitMs, verdict.reason);
      await policy.sleep(waitMs);
    }
  }
}
