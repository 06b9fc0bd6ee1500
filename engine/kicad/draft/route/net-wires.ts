import type { Point } from "../../symbol/geometry.js";
import { H_ARMS, type RoutingGrid, V_ARMS } from "./routing-grid.js";

/** The arms of `cell` that belong to net `net` (a crossing carries two nets' arms). */
export function ownArms(grid: RoutingGrid, cell: number, net: number): number {
  const arms = grid.arms[cell] as number;
  return (
    (grid.hNet[cell] === net ? arms & H_ARMS : 0) | (grid.vNet[cell] === net ? arms & V_ARMS : 0)
  );
}

const bits = (a: number) => (a & 1) + ((a >> 1) & 1) + ((a >> 2) & 1) + ((a >> 3) & 1);

/**
 * Reads a routed net off the grid as KiCad wants it drawn: a segment between every two
 * consecutive split points (ends, bends, terminals, branch points) so wires meet only at their
 * ends, and a junction where three or more ends meet — a terminal counts as one end, its stub.
 */
export function netWires(
  grid: RoutingGrid,
  net: number,
  cells: Iterable<number>,
  terminalCells: ReadonlySet<number>,
): { wires: { a: Point; b: Point }[]; junctions: Point[] } {
  const wires: { a: Point; b: Point }[] = [];
  const junctions: Point[] = [];
  const isSplit = (cell: number) => {
    const arms = ownArms(grid, cell, net);
    if (arms === 0) return false;
    return terminalCells.has(cell) || (arms !== H_ARMS && arms !== V_ARMS);
  };
  const sorted = [...new Set(cells)].sort((a, b) => a - b);
  for (const cell of sorted) {
    if (!isSplit(cell)) continue;
    const arms = ownArms(grid, cell, net);
    if (bits(arms) + (terminalCells.has(cell) ? 1 : 0) >= 3) junctions.push(grid.pointOf(cell));
    // Walk right and down only, so each segment is written once, from its upper-left end.
    for (const d of [0, 1]) {
      if ((arms & (1 << d)) === 0) continue;
      let at = grid.step(cell, d);
      while (!isSplit(at)) at = grid.step(at, d);
      wires.push({ a: grid.pointOf(cell), b: grid.pointOf(at) });
    }
  }
  return { wires, junctions };
}
