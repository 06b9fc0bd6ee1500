import type { BBox } from "../../footprint/bbox.js";
import type { Point } from "../../footprint/point.js";
import type { BoardFinding } from "../finding.js";

/** A closed loop of Edge.Cuts items: the board's outer edge or a cut-out. */
export interface OutlineLoop {
  /** The loop as a polygon, arcs flattened to 0.005 mm; the first point is not repeated. */
  readonly points: readonly Point[];
  /** Exact extent of the loop's items (arcs and circles by their true extremes). */
  readonly box: BBox;
  /** How many drawn items were joined into this loop. */
  readonly items: number;
}

/** Items that join end to end but do not come back to where they started. */
export interface OpenChain {
  readonly points: readonly Point[];
  readonly box: BBox;
  readonly items: number;
}

export interface BoardOutline {
  readonly loops: readonly OutlineLoop[];
  readonly open: readonly OpenChain[];
  /** Extent of every Edge.Cuts item, loops and open chains alike (stroke width excluded). */
  readonly box: BBox | undefined;
  /** `outline-missing` when there is no Edge.Cuts item; one `outline-open` per gap. */
  readonly findings: readonly BoardFinding[];
}

/**
 * Two ends at most this far apart join. Matches kicad-cli 9's DRC, measured: a 0.0095 mm gap
 * closes, a 0.0105 mm gap is `invalid_outline` (KiCad's exporters use 0.02 mm, more lenient).
 */
export const CHAINING_EPSILON = 0.01;
