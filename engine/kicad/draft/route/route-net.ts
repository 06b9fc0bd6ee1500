import type { Box } from "../../symbol/geometry.js";
import type { PathFinder } from "./find-path.js";
import { type GridTerminal, type GrowOptions, growNet, ripUp } from "./grow-net.js";
import type { RoutingGrid } from "./routing-grid.js";

/** One net as the router sees it: its terminals on the grid and each terminal's obstacles. */
export interface NetToRoute {
  /** Net index + 1. */
  net: number;
  terminals: GridTerminal[];
  /** Obstacle boxes of each terminal's pin (its stub and label), lifted while the net routes. */
  ownBoxes: Box[][];
}

/**
 * Routes one net. A terminal left unreached keeps its label, so its obstacles must not have
 * been crossed by the net's own wires: when they were, the net is ripped up and routed again
 * without it (its obstacles and point closed), until every terminal routed is reached or
 * untouched.
 */
export function routeNet(
  grid: RoutingGrid,
  finder: PathFinder,
  job: NetToRoute,
  nextTreeId: () => number,
  options: GrowOptions,
): { treeOf: number[]; cells: number[] } {
  const active = job.terminals.map((_, k) => k);
  const treeOf = job.terminals.map(() => -1);
  for (;;) {
    const boxes = active.flatMap((k) => job.ownBoxes[k] ?? []);
    for (const b of boxes) grid.addBox(b, -1);
    const terminals = active.map((k) => job.terminals[k] as GridTerminal);
    const grown = growNet(grid, finder, job.net, terminals, nextTreeId, options);
    for (const b of boxes) grid.addBox(b, 1);
    const size = new Map<number, number>();
    for (const t of grown.treeOf) size.set(t, (size.get(t) ?? 0) + 1);
    const crossed = active.filter(
      (k, i) =>
        size.get(grown.treeOf[i] as number) === 1 &&
        (job.ownBoxes[k] ?? []).some((b) => grown.cells.some((c) => inBox(grid, c, b))),
    );
    if (crossed.length === 0) {
      active.forEach((k, i) => {
        treeOf[k] = grown.treeOf[i] as number;
      });
      return { treeOf, cells: grown.cells };
    }
    ripUp(grid, job.net, grown.cells);
    for (const k of crossed) {
      // Out of this net's reach from now on: a wire passing its point would join it.
      grid.terminalNet[(job.terminals[k] as GridTerminal).cell] = -1;
      treeOf[k] = nextTreeId();
      active.splice(active.indexOf(k), 1);
    }
  }
}

function inBox(grid: RoutingGrid, cell: number, b: Box): boolean {
  const p = grid.pointOf(cell);
  return (
    p.x >= b.minX - 1e-4 && p.x <= b.maxX + 1e-4 && p.y >= b.minY - 1e-4 && p.y <= b.maxY + 1e-4
  );
}
