import { getEventListeners } from "node:events";
import { InterruptedError, type InterruptSignal } from "../errors.js";

const SIGNALS: readonly InterruptSignal[] = ["SIGINT", "SIGTERM"];

/** The process-like object the handlers attach to (the real `process`, or a test's emitter). */
export interface SignalSource {
  on(event: InterruptSignal, listener: () => void): unknown;
  exit(code: number): never;
}

/**
 * Installs SIGINT/SIGTERM handlers once, for the whole CLI process, and returns the signal
 * commands watch. A command that can stop cleanly listens for `abort` on it for as long as it
 * runs; the first signal then aborts it with an InterruptedError and the command stops at its
 * next safe point, sets its work aside and returns 130/143 itself. When nothing listens (a
 * command that has nothing to set aside), the process exits at once with that code, as it would
 * without handlers. A second signal always exits at once: GitHub follows a cancel's SIGINT with
 * SIGTERM about 7.5 s later and SIGKILL 2.5 s after that, and whatever was left half-done is
 * what the next run's recovery exists for.
 */
export function installInterrupt(source: SignalSource = process): AbortSignal {
  const controller = new AbortController();
  for (const name of SIGNALS) {
    source.on(name, () => {
      const code = new InterruptedError(name).exitCode;
      if (controller.signal.aborted || getEventListeners(controller.signal, "abort").length === 0) {
        source.exit(code);
        return;
      }
      controller.abort(new InterruptedError(name));
    });
  }
  return controller.signal;
}

/** The InterruptedError a signal was aborted with, if that is why it aborted. */
export function interruption(signal: AbortSignal | undefined): InterruptedError | undefined {
  return signal?.aborted && signal.reason instanceof InterruptedError ? signal.reason : undefined;
}

/**
 * Runs `work` as a command that stops cleanly: it listens on the CLI's signal (so the first
 * SIGINT/SIGTERM aborts it instead of exiting the process) and says so when the signal comes.
 */
export async function stoppable<T>(
  signal: AbortSignal | undefined,
  write: (line: string) => void,
  work: () => Promise<T>,
): Promise<T> {
  const onAbort = () => write("stopping at the next safe point; setting the work aside…");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await work();
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}
