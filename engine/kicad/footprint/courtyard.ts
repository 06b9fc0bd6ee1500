import { type BBox, unionBoxes } from "./bbox.js";
import type { Graphic } from "./graphic.js";
import { graphicBox } from "./graphic-geometry.js";
import { placeGraphic } from "./place-graphic.js";
import type { Placement } from "./placement.js";

/** A footprint's courtyard extent in board coordinates; undefined sides have no drawing. */
export interface Courtyard {
  readonly front: BBox | undefined;
  readonly back: BBox | undefined;
  /** Both sides together. */
  readonly box: BBox | undefined;
}

/**
 * The boxes of the F.CrtYd / B.CrtYd items after placing them on the board. Centre lines
 * only (stroke width ignored), as KiCad's courtyard polygons are built.
 */
export function courtyardOf(placement: Placement, graphics: readonly Graphic[]): Courtyard {
  let front: BBox | undefined;
  let back: BBox | undefined;
  for (const g of graphics) {
    if (g.shape === "text") continue;
    if (g.layer === "F.CrtYd") front = unionBoxes(front, graphicBox(placeGraphic(placement, g)));
    else if (g.layer === "B.CrtYd") back = unionBoxes(back, graphicBox(placeGraphic(placement, g)));
  }
  return { front, back, box: unionBoxes(front, back) };
}
