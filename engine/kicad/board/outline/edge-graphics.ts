import type { Footprint } from "../../footprint/footprint.js";
import { footprintGraphicsOnBoard } from "../../footprint/footprint-graphics-on-board.js";
import type { Graphic } from "../../footprint/graphic.js";

export const EDGE_LAYER = "Edge.Cuts";

/** Every Edge.Cuts item of a board in board coordinates, footprint edges included. */
export function edgeGraphics(
  boardGraphics: readonly Graphic[],
  footprints: readonly Footprint[],
): Graphic[] {
  const out = boardGraphics.filter((g) => g.layer === EDGE_LAYER && g.shape !== "text");
  for (const fp of footprints) {
    for (const g of footprintGraphicsOnBoard(fp, EDGE_LAYER)) if (g.shape !== "text") out.push(g);
  }
  return out;
}
