/**
 * The legibility families in report order (`off-grid` first: moving things onto the grid
 * changes every other finding, so it is fixed first), each with its default severity.
 * Error families have one unambiguous fix; advisory families hinge on a threshold, and gating
 * on a threshold makes a repair loop thrash.
 */
// power-orientation is advisory until the drafter avoids it on its own drafts: the examples, the
// redraft demos and the suite's seeded fuzz sample carry none, but a 3-pin connector whose bottom
// pin is a rail under a ground pin (test/engine/kicad/draft/stacked-pins.test.ts's J1) and
// STSPIN240's column of supply pins still lay a port on its side, and the schematic stage's gate
// and `draft` fail on an error finding. The reviewer's other families are errors: none of those
// drafts carries one (larger seeded samples keep a few lone labels, docs/findings.md).
export const FAMILIES = [
  { kind: "off-grid", severity: "error", drafting: false, review: false },
  { kind: "symbol-overlap", severity: "error", drafting: false, review: false },
  { kind: "text-collision", severity: "error", drafting: false, review: false },
  { kind: "wire-through-symbol", severity: "error", drafting: false, review: false },
  { kind: "out-of-frame", severity: "error", drafting: false, review: false },
  { kind: "ungrouped-symbol", severity: "error", drafting: true, review: false },
  { kind: "unlabeled-group", severity: "error", drafting: true, review: false },
  { kind: "group-overlap", severity: "error", drafting: true, review: false },
  { kind: "empty-title-block", severity: "error", drafting: false, review: false },
  { kind: "text-touching", severity: "error", drafting: false, review: true },
  { kind: "power-orientation", severity: "advisory", drafting: false, review: true },
  { kind: "same-net-crossing", severity: "error", drafting: false, review: true },
  { kind: "wire-hugging", severity: "error", drafting: false, review: true },
  { kind: "label-leads-nowhere", severity: "error", drafting: false, review: true },
  { kind: "duplicate-label", severity: "error", drafting: false, review: true },
  { kind: "auto-named-label", severity: "error", drafting: false, review: true },
  { kind: "label-orientation", severity: "advisory", drafting: false, review: false },
  { kind: "low-utilization", severity: "advisory", drafting: false, review: false },
  { kind: "crowding", severity: "advisory", drafting: false, review: false },
  { kind: "cross-group-wire", severity: "advisory", drafting: true, review: false },
] as const;

export type FamilyKind = (typeof FAMILIES)[number]["kind"];
export type Severity = "error" | "advisory";

export const FAMILY_KINDS: readonly FamilyKind[] = FAMILIES.map((f) => f.kind);

export function familyIndex(kind: FamilyKind): number {
  return FAMILY_KINDS.indexOf(kind);
}

/**
 * The reviewer's families (issue 21): what an engineer reviewing the drawing objects to —
 * text on ports and pin numbers, ports turned over, wires of one net crossing or hugging,
 * labels that add nothing. They bind every sheet; the score weighs them per part and per
 * wire rather than capping on them, since people's own sheets have a few.
 */
export function isReviewFamily(kind: string): boolean {
  return FAMILIES.some((f) => f.kind === kind && f.review);
}

/** Drafting conventions (groups, captions) only bind sheets the engine drew, unless configured. */
export function isDraftingFamily(kind: FamilyKind): boolean {
  return FAMILIES.some((f) => f.kind === kind && f.drafting);
}
