import { CopperheadError, type ErrorCategory } from "../../../errors.js";

/** The layout found no clear place for something it must draw: an engine fault, never the intent's. */
export class NoRoomError extends CopperheadError {
  static override readonly category: ErrorCategory = "usage";
  constructor(what: string) {
    super(
      `the drafting engine found no clear place for ${what}`,
      "this is a drafting-engine fault, not an intent error: report it with the intent attached",
    );
  }
}
