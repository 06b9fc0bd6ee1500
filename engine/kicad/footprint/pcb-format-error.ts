import { CopperheadError, type ErrorCategory } from "../../errors.js";
import { child, headOf, type SList, textAt } from "../sexp/node.js";

/**
 * A board or footprint tree that parsed as an s-expression but does not have the shape KiCad 9
 * writes (a pad without a position, an unknown pad type …). Names the item and its uuid so the
 * spot can be found in the file.
 */
export class PcbFormatError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
  readonly item: string;

  constructor(node: SList, problem: string, fix?: string) {
    const head = headOf(node) ?? "item";
    const uuid = textAt(child(node, "uuid"), 1) ?? textAt(child(node, "tstamp"), 1);
    const where = uuid ? `(${head} … uuid ${uuid})` : `(${head} …) at byte ${node.offset}`;
    super(
      `${where}: ${problem}`,
      fix ?? "open and re-save the file in KiCad 9, or fix that item by hand",
    );
    this.item = head;
  }
}
