import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { printableExcerpt } from "../../excerpt.js";

/** What a failed kicad-cli call leaves behind, so the reader can rerun it by hand. */
export interface KicadCliFailure {
  /** Exit code, or undefined when the process never exited normally (spawn error, signal, timeout). */
  rc: number | undefined;
  stderr: string;
  stdout: string;
  /** The command line as it was run (binary and arguments, shell-quoted where needed). */
  command: string;
}

/**
 * kicad-cli crashed, refused the input (rc 3: the file does not load), or answered in a way we
 * do not understand. Never used for "violations found": those are results, not errors.
 */
export class KicadCliError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
  readonly rc: number | undefined;
  readonly stderr: string;
  readonly stdout: string;
  readonly command: string;

  constructor(
    message: string,
    fix: string,
    failure: KicadCliFailure,
    options?: { cause?: unknown; category?: ErrorCategory },
  ) {
    const said = failure.stderr.trim() || failure.stdout.trim();
    const detail = said ? `${message}: ${lastLines(said, 5)}` : message;
    super(detail, `${fix} (command: ${failure.command})`, options);
    this.rc = failure.rc;
    this.stderr = failure.stderr;
    this.stdout = failure.stdout;
    this.command = failure.command;
  }
}

/** No usable kicad-cli binary: missing from PATH, or COPPERHEAD_KICAD_CLI points nowhere. */
export class KicadCliMissingError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
}

/** kicad-cli runs but is older than KiCad 9, whose file format and JSON reports we rely on. */
export class KicadVersionError extends CopperheadError {
  static override readonly category: ErrorCategory = "environment";
  readonly found: string;

  constructor(found: string, binary: string) {
    super(
      `kicad-cli at ${binary} is version ${found}, copperhead needs KiCad 9 or newer`,
      "install KiCad 9 (sudo scripts/install-kicad.sh) or point COPPERHEAD_KICAD_CLI at a KiCad 9 kicad-cli",
    );
    this.found = found;
  }
}

/** kicad-cli's last lines, bounded and printable: it may echo a file's text or a path. */
function lastLines(text: string, count: number): string {
  return printableExcerpt(text.split(/\r?\n/).filter(Boolean).slice(-count).join(" / "), 600);
}
