import { APIConnectionError, APIError } from "@anthropic-ai/sdk";

/** What the retry policy should do with a failed request. */
export type ErrorClass =
  | { kind: "retry"; retryAfterMs: number | undefined; reason: string }
  | { kind: "paused"; reason: string }
  | { kind: "fatal"; reason: string };

// A usage/session limit is not transient on the scale of a retry loop; say so rather than spin.
const LIMIT_WORDING = /(usage|session|spend(ing)?|monthly|weekly|daily) limit|credit balance/i;

/** Reads `retry-after` (seconds or an HTTP date) and `retry-after-ms`. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Maps an SDK error onto retry / paused / fatal. */
export function classifyError(error: unknown): ErrorClass {
  if (error instanceof APIError && error.status !== undefined) {
    const message = error.apiMessage ?? error.message;
    const reason = `${error.status} ${error.type ?? "error"}: ${message}`;
    if (error.type === "billing_error" || LIMIT_WORDING.test(message)) {
      return { kind: "paused", reason };
    }
    const status = error.status;
    if (status === 429 || status === 408 || status === 409 || status >= 500) {
      return { kind: "retry", retryAfterMs: retryAfterMs(error.headers), reason };
    }
    return { kind: "fatal", reason };
  }
  if (error instanceof APIConnectionError) {
    return { kind: "retry", retryAfterMs: undefined, reason: error.message };
  }
  return { kind: "fatal", reason: error instanceof Error ? error.message : String(error) };
}
