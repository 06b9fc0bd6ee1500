import { textWidth } from "../pin-attachments.js";
import type { PowerSymbols } from "../power-symbols.js";
import type { Cell } from "./cell-items.js";

/** A rail symbol and a PWR_FLAG joined by a short wire: declares the net driven (ERC). */
export function flagCell(net: string, ground: boolean, power: PowerSymbols): Cell {
  const half = Math.max(textWidth(net), 8) / 2 + 1.27;
  const box = { minX: -half, minY: -10.16, maxX: half, maxY: 15.24 };
  return {
    obstacles: [{ box }],
    stubEnds: new Map(),
    box,
    place: (origin) => power.flagDrawing(net, ground, origin),
  };
}
