/**
 * The legibility families in report order (`off-grid` first: moving things onto the grid
 * changes every other finding, so it is fixed first), each with its default severity.
 * Error families have one unambiguous fix; advisory families hinge on a threshold, and gating
 * on a threshold makes a repair loop thrash.
 */
export const FAMILIES = [
  { kind: "off-grid", severity: "error", drafting: false },
  { kind: "symbol-overlap", severity: "error", drafting: false },
  { kind: "text-collision", severity: "error", drafting: false },
  { kind: "wire-through-symbol", severity: "error", drafting: false },
  { kind: "out-of-frame", severity: "error", drafting: false },
  { kind: "ungrouped-symbol", severity: "error", drafting: true },
  { kind: "unlabeled-group", severity: "error", drafting: true },
  { kind: "group-overlap", severity: "error", drafting: true },
  { kind: "empty-title-block", severity: "error", drafting: false },
  { kind: "label-orientation", severity: "advisory", drafting: false },
  { kind: "low-utilization", severity: "advisory", drafting: false },
  { kind: "crowding", severity: "advisory", drafting: false },
  { kind: "cross-group-wire", severity: "advisory", drafting: true },
] as const;

export type FamilyKind = (typeof FAMILIES)[number]["kind"];
export type Severity = "error" | "advisory";

export const FAMILY_KINDS: readonly FamilyKind[] = FAMILIES.map((f) => f.kind);

export function familyIndex(kind: FamilyKind): number {
  return FAMILY_KINDS.indexOf(kind);
}

/** Drafting conventions (groups, captions) only bind sheets the engine drew, unless configured. */
export function isDraftingFamily(kind: FamilyKind): boolean {
  return FAMILIES.some((f) => f.kind === kind && f.drafting);
}
