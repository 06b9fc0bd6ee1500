import { z } from "zod";

export const driftKinds = [
  /** The document has no table the check can read. */
  "no-table",
  /** A row whose reference (or pin) cell cannot be read. */
  "unreadable-row",
  /** The same reference (BOM) or reference+pin (PINOUT) on two rows. */
  "duplicate-row",
  /** The document lists a reference the schematic does not have. */
  "unknown-ref",
  /** The schematic has a BOM part the document does not list. */
  "missing-ref",
  "value-mismatch",
  "footprint-mismatch",
  "mpn-mismatch",
  "qty-mismatch",
  /** PINOUT names a pin the part does not have. */
  "unknown-pin",
  "pin-net-mismatch",
  "pin-name-mismatch",
] as const;

/**
 * One disagreement between a document and the design. `row` is the 1-based line in the
 * document (the table's header line when the document is silent about the thing), `column` the
 * header as the document spells it ("" when no column is involved), `claim` what the document
 * says and `actual` what the schematic or netlist says ("" for "nothing"), `detail` what to
 * change.
 */
export const driftFindingSchema = z.object({
  kind: z.enum(driftKinds),
  document: z.string(),
  row: z.number().int().min(1),
  column: z.string(),
  refs: z.array(z.string()),
  claim: z.string(),
  actual: z.string(),
  detail: z.string(),
});

export type DriftKind = (typeof driftKinds)[number];
export type DriftFinding = z.infer<typeof driftFindingSchema>;
