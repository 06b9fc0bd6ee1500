/**
 * The base of every error copperhead raises on purpose. `fix` tells the person reading the
 * message what to do about it; faces (CLI, Action, App) print message and fix together.
 */
export class CopperheadError extends Error {
  readonly fix: string;

  constructor(message: string, fix: string, options?: { cause?: unknown }) {
    super(fix ? `${message} — ${fix}` : message, options);
    this.name = new.target.name;
    this.fix = fix;
  }
}

/** Bad input from a person (flags, paths, config): the CLI exits 2 on these. */
export class UsageError extends CopperheadError {}

export type InterruptSignal = "SIGINT" | "SIGTERM";

/**
 * The person (Ctrl-C) or the CI runner (a cancelled job) asked the process to stop. It is the
 * abort reason of `CliIo.signal`; the CLI exits 130 (SIGINT) or 143 (SIGTERM), as shells do.
 */
export class InterruptedError extends CopperheadError {
  readonly signalName: InterruptSignal;
  readonly exitCode: 130 | 143;

  constructor(signalName: InterruptSignal) {
    super(
      `interrupted by ${signalName}`,
      "run the same command again to continue; finished work is committed, unfinished work is stashed",
    );
    this.signalName = signalName;
    this.exitCode = signalName === "SIGINT" ? 130 : 143;
  }
}
