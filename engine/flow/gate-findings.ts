import type { LegibilityFinding } from "../kicad/legibility/finding.js";
import type { Violation } from "../kicad/violation.js";
import type { Outcome } from "./outcome.js";

/**
 * What a stage's KiCad gate found, finding by finding, for outcome.json: the App's
 * `copperhead / erc`, `/ drc` and `/ legibility` check runs, their annotations and the review
 * comments are made from these lists, so a gate that failed on ERC must leave its violations
 * here (an empty list reads as clean). The gate fills it while it judges; evidence keeps the
 * counts.
 */
export interface GateFindings {
  erc: Violation[];
  drc: Violation[];
  /** Only what the gate blocks on: error-severity findings on copperhead-drafted sheets. */
  legibility: LegibilityFinding[];
  score?: NonNullable<Outcome["score"]>;
}

export function noGateFindings(): GateFindings {
  return { erc: [], drc: [], legibility: [] };
}
