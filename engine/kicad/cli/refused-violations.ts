import type { PathFinding } from "../paths/path-finding.js";
import type { Violation } from "../violation.js";

/** The violation type a refused path gets in ERC/DRC results. */
export const UNSAFE_PATH = "unsafe_path";

/**
 * Refused paths as ERC/DRC violations: a design that names files outside the repository is
 * not handed to kicad-cli, and its result says why (errors, so it is never "clean").
 */
export function refusedViolations(findings: readonly PathFinding[]): Violation[] {
  return findings.map((finding) => ({
    type: UNSAFE_PATH,
    severity: "error",
    description: finding.message,
    items: [{ description: `${finding.kind}: ${finding.file}: ${finding.field}` }],
    source: "copperhead",
  }));
}

/** The fields an ERC or DRC result has when the pre-flight refused its design. */
export function refusedResult(findings: readonly PathFinding[]) {
  return {
    source: undefined,
    kicadVersion: undefined,
    violations: refusedViolations(findings),
    refused: findings,
  };
}
