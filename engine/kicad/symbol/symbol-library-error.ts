import { CopperheadError, type ErrorCategory } from "../../errors.js";

/** A symbol library that cannot be used as asked (unknown symbol, broken `extends` chain). */
export class SymbolLibraryError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
}
