import { LIMITS } from "../../limits.js";
import type { IntentFinding } from "./intent-finding.js";

/**
 * An intent far beyond a real design (LIMITS.intentParts) is refused before validation, which
 * would otherwise resolve every symbol and run out of memory long before it said anything.
 */
export function intentSizeFinding(intent: unknown): IntentFinding | undefined {
  const parts = (intent as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts) || parts.length <= LIMITS.intentParts) return undefined;
  return {
    kind: "does-not-fit",
    path: "parts",
    detail: `the intent has ${parts.length} parts and copperhead drafts at most ${LIMITS.intentParts} on one sheet; split the design into one intent per sheet`,
  };
}
