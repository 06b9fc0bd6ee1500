import { CopperheadError } from "../errors.js";

/** The named steps of one attempt, in order. */
export const attemptPhases = [
  "recover",
  "snapshot",
  "prepare",
  "dispatch",
  "run",
  "gate",
  "outcome",
  "settle",
  "reap",
  "commit",
] as const;

export type AttemptPhase = (typeof attemptPhases)[number];

/**
 * An attempt stopped by an error, with the phase it happened in. The work was already set
 * aside (stash and WIP ref) and the tree restored before this is thrown, unless `cleanup`
 * says what could not be done.
 */
export class AttemptError extends CopperheadError {
  readonly phase: AttemptPhase;
  readonly scope: string;
  readonly cleanup: readonly string[];

  constructor(scope: string, phase: AttemptPhase, cause: unknown, cleanup: readonly string[] = []) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const fix =
      cause instanceof CopperheadError && cause.fix
        ? cause.fix
        : "this is likely a copperhead bug; rerun to retry and report it if it repeats";
    const left = cleanup.length > 0 ? `; cleanup also failed: ${cleanup.join("; ")}` : "";
    // The cause's own message already ends with its fix: keep only what it says happened.
    const said =
      cause instanceof CopperheadError && cause.fix
        ? message.replace(` — ${cause.fix}`, "")
        : message;
    super(`${scope}: the ${phase} phase failed: ${said}${left}`, fix, { cause });
    this.phase = phase;
    this.scope = scope;
    this.cleanup = cleanup;
  }
}
