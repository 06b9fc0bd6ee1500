import { CopperheadError } from "../../errors.js";

/** What the pcbnew helper left behind, so the reader can rerun it by hand. */
export interface PcbnewFailure {
  readonly command: string;
  /** stderr with KiCad's wx debug chatter removed. */
  readonly stderr: string;
}

/** Every failure of the pcbnew helper; the subclass says which kind. */
export class PcbnewError extends CopperheadError {
  readonly command: string;
  readonly stderr: string;

  constructor(message: string, fix: string, failure: PcbnewFailure, options?: { cause?: unknown }) {
    const said = failure.stderr.trim();
    const tail = said ? `: ${said.split("\n").slice(-5).join(" / ")}` : "";
    super(`${message}${tail}`, `${fix} (command: ${failure.command})`, options);
    this.command = failure.command;
    this.stderr = failure.stderr;
  }
}

/** The interpreter is missing, or it has no `pcbnew` module (a pyenv python, not the system one). */
export class PcbnewMissingError extends PcbnewError {}

/** The helper died: a signal (pcbnew segfaults on some inputs), a Python traceback, garbage output. */
export class PcbnewCrashError extends PcbnewError {}

/** The helper ran past its time limit and was stopped. */
export class PcbnewTimeoutError extends PcbnewError {}

/** pcbnew ran and said no: the board did not load, or the job failed inside pcbnew. */
export class PcbnewJobError extends PcbnewError {}
