import { maxOf } from "../../../array-ops.js";
import { textWidth } from "../pin-attachments.js";
import type { PowerSymbols } from "../power-symbols.js";
import { type Cell, emptyDrawing, merge } from "./cell-items.js";

/** One flag cluster's reach around its origin: the rail symbol's text above, the flag's below. */
const TOP = -10.16;
const BOTTOM = 15.24;
const GAP = 2.54;

/**
 * A column of PWR_FLAG clusters (a rail or ground symbol and a PWR_FLAG joined by a short wire,
 * declaring the net driven for ERC), one under another so they take one narrow column of the
 * group instead of a row of their own.
 */
export function flagColumn(
  flags: readonly { net: string; ground: boolean }[],
  power: PowerSymbols,
): Cell {
  const half = Math.max(8, maxOf(flags.map((f) => textWidth(f.net)))) / 2 + 1.27;
  const pitch = BOTTOM - TOP + GAP;
  const box = {
    minX: -half,
    minY: TOP,
    maxX: half,
    maxY: TOP + flags.length * pitch - GAP,
  };
  return {
    obstacles: [{ box }],
    stubEnds: new Map(),
    box,
    place: (origin, _wired, numbering = power) => {
      const out = emptyDrawing();
      flags.forEach((f, i) => {
        merge(
          out,
          numbering.flagDrawing(f.net, f.ground, { x: origin.x, y: origin.y + i * pitch }),
        );
      });
      return out;
    },
  };
}
