import { CopperheadError } from "../errors.js";

/** A flow operation that does not fit the repo's current state (reaping a run not in flight…). */
export class FlowError extends CopperheadError {}
