import { pushAll } from "../../../array-ops.js";
import type { CellRect, PathCosts, PathFinder } from "./find-path.js";
import { ownArms } from "./net-wires.js";
import { DX, DY, isHorizontal, opposite, type RoutingGrid } from "./routing-grid.js";

/** One terminal of the net being grown, already placed on the grid. */
export interface GridTerminal {
  cell: number;
  /** Direction from its pin to its stub end, when known. */
  outward?: number;
}

export interface GrowOptions {
  costs: PathCosts & { junction: number };
  /** Extra cells around start and tree the first search may use before trying the whole grid. */
  margin: number;
  maxDetour?: number;
  /** Grid steps a connection may exceed its Manhattan distance by. */
  maxExcess?: number;
}

const bitCount = (a: number) => (a & 1) + ((a >> 1) & 1) + ((a >> 2) & 1) + ((a >> 3) & 1);

/**
 * Grows trees for one net, terminal by terminal: each tree starts at the first terminal not yet
 * joined and takes the nearest unjoined terminal next, whose path may end at any point of the
 * tree. A terminal that no path reaches seeds a later tree. Returns the tree id of each
 * terminal (as marked in `grid.tree`) and every cell the net's wires use.
 */
export function growNet(
  grid: RoutingGrid,
  finder: PathFinder,
  net: number,
  terminals: readonly GridTerminal[],
  nextTreeId: () => number,
  options: GrowOptions,
): { treeOf: number[]; cells: number[] } {
  const treeOf = terminals.map(() => -1);
  const terminalsAt = new Map<number, number[]>();
  for (const [k, t] of terminals.entries())
    terminalsAt.set(t.cell, [...(terminalsAt.get(t.cell) ?? []), k]);
  const cells: number[] = [];
  const w = grid.width;
  for (;;) {
    const seed = treeOf.indexOf(-1);
    if (seed < 0) break;
    const tree = nextTreeId();
    const treeCells: number[] = [];
    const rect: CellRect = { iMin: w, iMax: -1, jMin: grid.height, jMax: -1 };
    const join = (cell: number) => {
      grid.tree[cell] = tree;
      treeCells.push(cell);
      const i = cell % w;
      const j = (cell - i) / w;
      rect.iMin = Math.min(rect.iMin, i);
      rect.iMax = Math.max(rect.iMax, i);
      rect.jMin = Math.min(rect.jMin, j);
      rect.jMax = Math.max(rect.jMax, j);
      for (const k of terminalsAt.get(cell) ?? []) treeOf[k] = tree;
    };
    join((terminals[seed] as GridTerminal).cell);
    const tried = new Set<number>();
    for (;;) {
      const next = nearest(terminals, treeOf, tried, treeCells, w);
      if (next < 0) break;
      const start = terminals[next] as GridTerminal;
      const path = connect(grid, finder, net, tree, start, rect, terminals, terminalsAt, options);
      if (!path) {
        tried.add(next);
        continue;
      }
      commit(grid, net, path);
      for (const cell of path) join(cell);
      pushAll(cells, path);
    }
  }
  return { treeOf, cells };
}

/** The unjoined, untried terminal closest (Manhattan) to the tree; -1 when none is left. */
function nearest(
  terminals: readonly GridTerminal[],
  treeOf: readonly number[],
  tried: ReadonlySet<number>,
  treeCells: readonly number[],
  w: number,
): number {
  let best = -1;
  let bestDistance = Infinity;
  terminals.forEach((t, k) => {
    if (treeOf[k] !== -1 || tried.has(k)) return;
    const ti = t.cell % w;
    const tj = (t.cell - ti) / w;
    for (const cell of treeCells) {
      const i = cell % w;
      const d = Math.abs(i - ti) + Math.abs((cell - i) / w - tj);
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
  });
  return best;
}

function connect(
  grid: RoutingGrid,
  finder: PathFinder,
  net: number,
  tree: number,
  start: GridTerminal,
  rect: CellRect,
  terminals: readonly GridTerminal[],
  terminalsAt: ReadonlyMap<number, number[]>,
  options: GrowOptions,
): number[] | undefined {
  const w = grid.width;
  const goalCost = (cell: number, d: number): number => {
    if (grid.tree[cell] !== tree) return -1;
    const hn = grid.hNet[cell] as number;
    const vn = grid.vNet[cell] as number;
    if ((hn !== 0 && hn !== net) || (vn !== 0 && vn !== net)) return -1;
    const arms = ownArms(grid, cell, net);
    if ((arms & (1 << opposite(d))) !== 0) return -1;
    const here = terminalsAt.get(cell);
    const ends = bitCount(arms) + (here ? 1 : 0);
    // A fourth end would make a four-way junction (KiCad warns about those).
    if (ends >= 3) return -1;
    let extra = ends + 1 >= 3 ? options.costs.junction : 0;
    const outward = here ? terminals[here[0] as number]?.outward : undefined;
    if (outward !== undefined && d !== opposite(outward)) extra += options.costs.bend;
    return extra;
  };
  const si = start.cell % w;
  const sj = (start.cell - si) / w;
  const full: CellRect = { iMin: 0, iMax: w - 1, jMin: 0, jMax: grid.height - 1 };
  const m = options.margin;
  const local: CellRect = {
    iMin: Math.max(0, Math.min(si, rect.iMin) - m),
    iMax: Math.min(w - 1, Math.max(si, rect.iMax) + m),
    jMin: Math.max(0, Math.min(sj, rect.jMin) - m),
    jMax: Math.min(grid.height - 1, Math.max(sj, rect.jMax) + m),
  };
  const query = {
    net,
    start: start.cell,
    startDir: start.outward,
    goalRect: rect,
    window: full,
    goalCost,
    costs: options.costs,
  };
  const windows = sameRect(local, full) ? [full] : [local, full];
  for (const window of windows) {
    // Failing is what costs: an A* runs only once a flood says it can succeed.
    if (!finder.canReach({ ...query, window })) {
      if (window === full) return undefined;
      continue;
    }
    const path = finder.find({ ...query, window });
    if (!path) continue;
    if (options.maxDetour !== undefined || options.maxExcess !== undefined) {
      const end = path[path.length - 1] as number;
      const ei = end % w;
      const manhattan = Math.abs(ei - si) + Math.abs((end - ei) / w - sj);
      const steps = path.length - 1;
      if (options.maxDetour !== undefined && steps > options.maxDetour * Math.max(1, manhattan))
        return undefined;
      if (options.maxExcess !== undefined && steps - manhattan > options.maxExcess)
        return undefined;
    }
    return path;
  }
  return undefined;
}

const sameRect = (a: CellRect, b: CellRect) =>
  a.iMin === b.iMin && a.iMax === b.iMax && a.jMin === b.jMin && a.jMax === b.jMax;

/** Lays a path's wire on the grid and marks its ends, bends and terminals as split points. */
function commit(grid: RoutingGrid, net: number, path: readonly number[]): void {
  const w = grid.width;
  let previous = -1;
  for (let k = 0; k + 1 < path.length; k++) {
    const a = path[k] as number;
    const b = path[k + 1] as number;
    const d = dirBetween(a, b, w);
    (isHorizontal(d) ? grid.hNet : grid.vNet)[a] = net;
    (isHorizontal(d) ? grid.hNet : grid.vNet)[b] = net;
    grid.arms[a] = (grid.arms[a] as number) | (1 << d);
    grid.arms[b] = (grid.arms[b] as number) | (1 << opposite(d));
    if (k === 0 || d !== previous || grid.terminalNet[a] === net) grid.node[a] = 1;
    previous = d;
  }
  grid.node[path[path.length - 1] as number] = 1;
}

function dirBetween(a: number, b: number, w: number): number {
  for (let d = 0; d < 4; d++) if (b - a === (DY[d] as number) * w + (DX[d] as number)) return d;
  throw new Error(`cells ${a} and ${b} are not neighbours`);
}

/** Takes a net's wires off the grid again (its cells carry no other net's node or same-axis wire). */
export function ripUp(grid: RoutingGrid, net: number, cells: readonly number[]): void {
  for (const cell of cells) {
    let arms = grid.arms[cell] as number;
    if (grid.hNet[cell] === net) {
      grid.hNet[cell] = 0;
      arms &= ~0b0101;
    }
    if (grid.vNet[cell] === net) {
      grid.vNet[cell] = 0;
      arms &= ~0b1010;
    }
    grid.arms[cell] = arms;
    grid.node[cell] = 0;
    grid.tree[cell] = 0;
  }
}
