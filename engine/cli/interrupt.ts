import { InterruptedError, type InterruptSignal } from "../errors.js";

const SIGNALS: readonly InterruptSignal[] = ["SIGINT", "SIGTERM"];

/** The part of `process` the handler needs; tests pass an EventEmitter. */
export interface SignalSource {
  on(event: InterruptSignal, listener: () => void): unknown;
  off(event: InterruptSignal, listener: () => void): unknown;
}

export interface InterruptOptions {
  source?: SignalSource;
  /** Where the "stopping" notice goes (default stderr). */
  notify?: (line: string) => void;
  /** How a second signal ends the process at once (default `process.exit`). */
  exit?: (code: number) => void;
}

export interface CliInterrupt {
  /** Aborted on the first SIGINT/SIGTERM; its reason is an InterruptedError. */
  signal: AbortSignal;
  dispose(): void;
}

/**
 * SIGINT and SIGTERM for the whole CLI, installed once by main.ts. The first signal aborts
 * `signal` (commands get it as `CliIo.signal`): running kicad-cli children are killed, temp
 * folders removed in `finally`, and the command exits 130 (SIGINT) or 143 (SIGTERM) — quickly,
 * because GitHub kills a cancelled job about ten seconds after its SIGINT. A second signal
 * exits at once, with the `exit` handlers (temp-folder sweeps) still running.
 */
export function installInterrupt(options: InterruptOptions = {}): CliInterrupt {
  const source = options.source ?? process;
  const notify = options.notify ?? ((line) => process.stderr.write(line));
  const exit = options.exit ?? ((code) => process.exit(code));
  const controller = new AbortController();
  const listeners = SIGNALS.map((name) => {
    const listener = () => {
      const reason = new InterruptedError(name);
      if (controller.signal.aborted) {
        notify(`copperhead: ${name} again — stopping now\n`);
        exit(reason.exitCode);
        return;
      }
      notify(
        `copperhead: ${name} received — cleaning up and stopping (send it again to stop at once)\n`,
      );
      controller.abort(reason);
    };
    source.on(name, listener);
    return [name, listener] as const;
  });
  return {
    signal: controller.signal,
    dispose: () => {
      for (const [name, listener] of listeners) source.off(name, listener);
    },
  };
}

/** The InterruptedError of an aborted CLI signal, if the run was interrupted. */
export function interruptOf(signal: AbortSignal | undefined): InterruptedError | undefined {
  if (!signal?.aborted) return undefined;
  return signal.reason instanceof InterruptedError ? signal.reason : undefined;
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
