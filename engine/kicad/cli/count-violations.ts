import type { Violation } from "../violation.js";

export interface ViolationCounts {
  errors: number;
  warnings: number;
  /** Excluded in the project (kept in reports, never counted as errors or warnings). */
  excluded: number;
}

/** Tallies violations the way the exit code sees them: excluded ones never count against a file. */
export function countViolations(violations: readonly Violation[]): ViolationCounts {
  const counts: ViolationCounts = { errors: 0, warnings: 0, excluded: 0 };
  for (const violation of violations) {
    if (violation.excluded || violation.severity === "exclusion") counts.excluded++;
    else if (violation.severity === "error") counts.errors++;
    else if (violation.severity === "warning") counts.warnings++;
  }
  return counts;
}

/** Sum of several tallies (a DRC result has three lists). */
export function addCounts(...all: ViolationCounts[]): ViolationCounts {
  return all.reduce(
    (sum, c) => ({
      errors: sum.errors + c.errors,
      warnings: sum.warnings + c.warnings,
      excluded: sum.excluded + c.excluded,
    }),
    { errors: 0, warnings: 0, excluded: 0 },
  );
}
