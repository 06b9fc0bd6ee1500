import { CopperheadError } from "../../../errors.js";

/** A routing request the router cannot take: a terminal off the grid or outside the bounds. */
export class RouteRequestError extends CopperheadError {}
