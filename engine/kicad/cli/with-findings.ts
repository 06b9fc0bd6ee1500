import type { Violation } from "../violation.js";

/**
 * An ERC/DRC result with copperhead's own findings added where kicad-cli is blind (annotation:
 * unannotated and duplicate references). The one place the two sources meet; each finding keeps
 * its `source`, and kicad-cli's come first in report order.
 */
export function withFindings<R extends { violations: Violation[] }>(
  result: R,
  findings: readonly Violation[],
): R {
  const ours = findings.map((finding) => ({ ...finding, source: "copperhead" as const }));
  return { ...result, violations: [...result.violations, ...ours] };
}
