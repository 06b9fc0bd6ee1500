import type { IntentFinding, IntentFindingKind } from "../intent-finding.js";

/** Findings gathered across the validation passes, in the order they were found. */
export class FindingList {
  readonly items: IntentFinding[] = [];

  add(kind: IntentFindingKind, path: string, detail: string): void {
    this.items.push({ kind, path, detail });
  }
}
