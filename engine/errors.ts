/**
 * Who has to act on an error, so every face (CLI, Action, App) answers it the same way:
 * `usage` — the person's input (flags, paths, files, config) is wrong; `environment` — the
 * machine is (a missing program, permissions, a full disk, an interrupted run); `flow` — the
 * design flow refuses (a dirty tree, an invalid event log, a stage that cannot run yet).
 */
export type ErrorCategory = "usage" | "environment" | "flow";

/**
 * The base of every error copperhead raises on purpose. `message` says what is wrong and `fix`
 * what to do about it; only the faces join them (`describeError`), so code that builds on an
 * error's facts never has to cut the advice back out.
 */
export class CopperheadError extends Error {
  /** The category of errors of this class; an instance may say otherwise (`options.category`). */
  static readonly category: ErrorCategory = "flow";
  readonly fix: string;
  readonly category: ErrorCategory;

  constructor(
    message: string,
    fix: string,
    options?: { cause?: unknown; category?: ErrorCategory },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.fix = fix;
    this.category = options?.category ?? (new.target as typeof CopperheadError).category;
  }
}

/** Bad input from a person (flags, paths, config): the CLI exits 2 on these. */
export class UsageError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}

/** The machine, not the input: a missing program or dependency, a file system that refuses. */
export class EnvironmentError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

export type InterruptSignal = "SIGINT" | "SIGTERM";

/**
 * The run was stopped by SIGINT (Ctrl-C, or GitHub cancelling a job) or SIGTERM: the reason of
 * the CLI's AbortSignal (engine/cli/interrupt.ts). The shell convention is 128 + the signal.
 */
export class InterruptedError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
  readonly signalName: InterruptSignal;
  readonly exitCode: 130 | 143;

  constructor(signalName: InterruptSignal) {
    super(
      `interrupted by ${signalName}`,
      "run the same command again; work in progress was cleaned up or kept as the command describes",
    );
    this.signalName = signalName;
    this.exitCode = signalName === "SIGINT" ? 130 : 143;
  }
}

/** An error as a person reads it: the message, then the fix. */
export function describeError(error: unknown): string {
  if (error instanceof CopperheadError)
    return error.fix ? `${error.message} — ${error.fix}` : error.message;
  return error instanceof Error ? error.message : String(error);
}
