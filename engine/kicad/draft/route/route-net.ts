import type { Box, Point } from "../../symbol/geometry.js";
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
): { treeOf: number[]; cells: number[]; guessedStubs: { a: Point; b: Point }[] } {
  const active = job.terminals.map((_, k) => k);
  const treeOf = job.terminals.map(() => -1);
  for (;;) {
    const boxes = active.flatMap((k) => job.ownBoxes[k] ?? []);
    for (const b of boxes) grid.addBox(b, -1);
    // Terminals given without their pin: find the stub each sits on and keep the net off it.
    const pocketsOf = active.map((k) =>
      pocketDirections(grid, job.terminals[k] as GridTerminal, job.ownBoxes[k] ?? []),
    );
    const pockets = active.flatMap((k, i) =>
      (pocketsOf[i] ?? []).map((d) => grid.step((job.terminals[k] as GridTerminal).cell, d)),
    );
    for (const c of pockets) grid.blocked[c] = (grid.blocked[c] as number) + 1;
    const terminals = active.map((k, i) => {
      const t = job.terminals[k] as GridTerminal;
      const found = pocketsOf[i] ?? [];
      // One stub found: leaving straight away from it is free, as with a given pin.
      return found.length === 1 ? { ...t, outward: ((found[0] as number) + 2) & 3 } : t;
    });
    const grown = growNet(grid, finder, job.net, terminals, nextTreeId, options);
    for (const c of pockets) grid.blocked[c] = (grid.blocked[c] as number) - 1;
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
      // The stubs found for pins not given, as lines (label places must keep off them too).
      const guessedStubs = active.flatMap((k, i) =>
        (pocketsOf[i] ?? []).map((d) => {
          const at = (job.terminals[k] as GridTerminal).cell;
          const first = grid.step(at, d);
          const pin = grid.step(first, d);
          return { a: grid.pointOf(at), b: grid.pointOf(pin < 0 ? first : pin) };
        }),
      );
      return { treeOf, cells: grown.cells, guessedStubs };
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

/**
 * Directions from a terminal given without its pin (`from`) that look like its stub: the first
 * step stays inside the terminal's own obstacle and the second is closed by something else (the
 * pin on its body). Read with the net's own obstacles lifted.
 */
function pocketDirections(grid: RoutingGrid, t: GridTerminal, own: readonly Box[]): number[] {
  if (t.outward !== undefined || own.length === 0) return [];
  const out: number[] = [];
  for (let d = 0; d < 4; d++) {
    const first = grid.step(t.cell, d);
    if (first < 0 || (grid.blocked[first] as number) > 0 || grid.edgeBlocked(t.cell, d)) continue;
    if (!own.some((b) => inBox(grid, first, b))) continue;
    const second = grid.step(first, d);
    if (second < 0 || (grid.blocked[second] as number) > 0 || grid.edgeBlocked(first, d))
      out.push(d);
  }
  return out;
}
