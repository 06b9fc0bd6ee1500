import { CopperheadError, type ErrorCategory } from "../../errors.js";

/** A schematic file or hierarchy that cannot be read as asked. */
export class SchematicError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}
