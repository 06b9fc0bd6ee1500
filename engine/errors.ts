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
