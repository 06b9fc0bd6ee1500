import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { describePathFinding, type PathFinding } from "./path-finding.js";

const LISTED = 5;

/**
 * A design names files copperhead will not read (outside the repository, through a symlink
 * out, a FIFO or device, a variable from the environment, into .git/). Raised by readers and
 * by the kicad-cli pre-flight; reports that list findings (check, erc, drc) catch it.
 */
export class UnsafeDesignError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
  readonly findings: readonly PathFinding[];

  constructor(findings: readonly PathFinding[]) {
    const shown = findings.slice(0, LISTED).map(describePathFinding);
    const more = findings.length > LISTED ? `; and ${findings.length - LISTED} more` : "";
    super(
      `the design names ${findings.length} file(s) copperhead will not read or hand to kicad-cli: ${shown.join("; ")}${more}`,
      "fix each reference above (see docs/security.md); nothing outside the repository was read",
    );
    this.findings = findings;
  }
}
