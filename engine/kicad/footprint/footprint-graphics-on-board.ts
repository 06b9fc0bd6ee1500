import type { Footprint } from "./footprint.js";
import type { Graphic } from "./graphic.js";
import { placeGraphic } from "./place-graphic.js";

/** A footprint's drawn items in board coordinates, optionally only those on `layer`. */
export function footprintGraphicsOnBoard(fp: Footprint, layer?: string): Graphic[] {
  const out: Graphic[] = [];
  for (const g of fp.graphics) {
    if (layer === undefined || g.layer === layer) out.push(placeGraphic(fp.placement, g));
  }
  return out;
}
