import type { Constraint } from "../../../agent/tools/constraints-file.js";

/**
 * What the layout reads of a recorded constraint (engine/agent/tools/constraints-file.ts owns
 * the schema and validates the file): its key and its value or bounds. Tests and benches may
 * build these by hand, without a source or the affected files.
 */
export type LayoutConstraint = Pick<Constraint, "key"> &
  Partial<Pick<Constraint, "value" | "min" | "max" | "unit" | "source">>;
