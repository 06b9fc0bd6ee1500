import type { Box, Point } from "../../symbol/geometry.js";
import { ownArms } from "./net-wires.js";
import { H_ARMS, type RoutingGrid } from "./routing-grid.js";

export interface LabelSize {
  width: number;
  height: number;
}

/** A net label on a wired tree: anchored on its wire, text above it reading away from `at`. */
export interface PlacedLabel {
  at: Point;
  angle: 0 | 180;
  /** The text's box (what the router keeps later nets out of). */
  box: Box;
}

export interface LabelQuery {
  grid: RoutingGrid;
  net: number;
  /** Tree id whose wire the label goes on. */
  tree: number;
  /** The net's wire cells. */
  cells: readonly number[];
  /** The tree's terminals, in request order: their stub ends are the first places tried. */
  terminals: readonly { cell: number; outward?: number }[];
  size: LabelSize;
  /** Boxes the text must stay out of: obstacles (not the tree's own pins'), earlier labels. */
  blockers: readonly Box[];
  /** Every stub (pin to stub end) with its net index + 1. */
  stubs: readonly { net: number; a: Point; b: Point }[];
}

const EPS = 1e-3;
const UP = 1 << 3;

/**
 * The first clear place for a net label on one tree: a stub end facing outward, then any point
 * of a horizontal run (text to the right, then to the left). Clear means the text box touches no
 * other net's wire, stub or terminal, no obstacle, no earlier label, and no wire of its own net
 * rises into it. Undefined when there is no such place.
 */
export function placeLabel(q: LabelQuery): PlacedLabel | undefined {
  const { grid } = q;
  const tried = new Set<string>();
  const attempt = (cell: number, angle: 0 | 180): PlacedLabel | undefined => {
    const id = `${cell}/${angle}`;
    if (tried.has(id)) return undefined;
    tried.add(id);
    return fits(q, cell, angle);
  };
  for (const t of q.terminals) {
    const found = attempt(t.cell, t.outward === 2 ? 180 : 0);
    if (found) return found;
  }
  const runs = [...new Set(q.cells)]
    .filter((c) => grid.tree[c] === q.tree && (ownArms(grid, c, q.net) & H_ARMS) !== 0)
    .sort((a, b) => a - b);
  for (const cell of runs)
    for (const angle of [0, 180] as const) {
      const found = attempt(cell, angle);
      if (found) return found;
    }
  return undefined;
}

function fits(q: LabelQuery, cell: number, angle: 0 | 180): PlacedLabel | undefined {
  const { grid, size } = q;
  const at = grid.pointOf(cell);
  const hn = grid.hNet[cell] as number;
  const vn = grid.vNet[cell] as number;
  // A label on a crossing would name both wires.
  if ((hn !== 0 && hn !== q.net) || (vn !== 0 && vn !== q.net)) return undefined;
  const box: Box = {
    minX: angle === 0 ? at.x : at.x - size.width,
    maxX: angle === 0 ? at.x + size.width : at.x,
    minY: at.y - size.height,
    maxY: at.y,
  };
  const b = grid.bounds;
  if (box.minX < b.minX - EPS || box.maxX > b.maxX + EPS || box.minY < b.minY - EPS)
    return undefined;
  const g = grid.grid;
  const anchorRow = Math.floor(cell / grid.width);
  const iLo = Math.max(0, Math.ceil(box.minX / g - EPS) - grid.i0);
  const iHi = Math.min(grid.width - 1, Math.floor(box.maxX / g + EPS) - grid.i0);
  const jLo = Math.max(0, Math.ceil(box.minY / g - EPS) - grid.j0);
  for (let j = jLo; j <= anchorRow; j++)
    for (let i = iLo; i <= iHi; i++) {
      const c = j * grid.width + i;
      const term = grid.terminalNet[c] as number;
      if (term !== 0 && term !== q.net) return undefined;
      const h = grid.hNet[c] as number;
      const v = grid.vNet[c] as number;
      if ((h !== 0 && h !== q.net) || (v !== 0 && v !== q.net)) return undefined;
      const own = ownArms(grid, c, q.net);
      if (j < anchorRow ? own !== 0 : (own & UP) !== 0) return undefined;
    }
  const inner = {
    minX: box.minX + EPS,
    minY: box.minY + EPS,
    maxX: box.maxX - EPS,
    maxY: box.maxY - EPS,
  };
  if (q.blockers.some((o) => overlaps(o, inner))) return undefined;
  for (const s of q.stubs) {
    const seg = {
      minX: Math.min(s.a.x, s.b.x),
      minY: Math.min(s.a.y, s.b.y),
      maxX: Math.max(s.a.x, s.b.x),
      maxY: Math.max(s.a.y, s.b.y),
    };
    // Another net's stub may not even touch the text; the net's own may not run into it.
    if (overlaps(seg, s.net === q.net ? inner : box)) return undefined;
  }
  return { at, angle, box };
}

const overlaps = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
