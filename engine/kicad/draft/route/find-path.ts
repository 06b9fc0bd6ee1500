import { MinHeap } from "./min-heap.js";
import { isHorizontal, opposite, type RoutingGrid } from "./routing-grid.js";

/** A rectangle of cells, inclusive, in grid-column/row offsets from the bounds' corner. */
export interface CellRect {
  iMin: number;
  iMax: number;
  jMin: number;
  jMax: number;
}

export interface PathCosts {
  /** Added for every change of direction (one grid step costs 1). */
  bend: number;
  /** Added for every crossing of another net's wire. */
  cross: number;
  /**
   * Added per step run right beside another net's wire going the same way (1.27 mm apart), or
   * beside any wire drawn before routing (a stub, a power port's jog), whatever its net: the
   * checker's wire-hugging counts both.
   */
  hug: number;
}

export interface PathQuery {
  /** Net index + 1 of the net being routed. */
  net: number;
  start: number;
  /** The direction the start's stub points away from its pin, when known (leaving straight is free). */
  startDir?: number;
  /** Cells of the goal, for the heuristic: the search aims at this rectangle. */
  goalRect: CellRect;
  /** The search never leaves this rectangle. */
  window: CellRect;
  /** Extra cost of ending at `cell` arriving in direction d, or -1 when it is not a goal. */
  goalCost: (cell: number, d: number) => number;
  costs: PathCosts;
}

const FREE: PathCosts = { bend: 0, cross: 0, hug: 0 };

/**
 * A* over (grid point, arrival direction) so bends can be charged; reuses its arrays between
 * searches (a stamp per state marks which search wrote it).
 */
export class PathFinder {
  private readonly cost: Float64Array;
  private readonly parent: Int32Array;
  private readonly stamp: Int32Array;
  private readonly closed: Int32Array;
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private run = 0;
  private readonly heap = new MinHeap();

  constructor(private readonly grid: RoutingGrid) {
    const states = grid.size * 4;
    this.cost = new Float64Array(states);
    this.parent = new Int32Array(states);
    this.stamp = new Int32Array(states);
    this.closed = new Int32Array(states);
    this.seen = new Int32Array(grid.size);
    this.queue = new Int32Array(grid.size);
  }

  /** The cheapest path as cells from start to a goal, or undefined when none exists in the window. */
  find(q: PathQuery): number[] | undefined {
    const { grid } = this;
    const { cost, parent, stamp, closed } = this;
    const run = ++this.run;
    const w = grid.width;
    const heap = this.heap;
    heap.clear();
    const goals = new Set<number>();
    const h = (cell: number) => {
      const i = cell % w;
      const j = (cell - i) / w;
      const { iMin, iMax, jMin, jMax } = q.goalRect;
      return (
        (i < iMin ? iMin - i : i > iMax ? i - iMax : 0) +
        (j < jMin ? jMin - j : j > jMax ? j - jMax : 0)
      );
    };
    const offer = (state: number, g: number, from: number, isGoal: boolean) => {
      if (closed[state] === run || (stamp[state] === run && (cost[state] as number) <= g)) return;
      stamp[state] = run;
      cost[state] = g;
      parent[state] = from;
      if (isGoal) goals.add(state);
      // Among equal estimates the deeper state first: far fewer states on open ground.
      heap.push(state, g + (isGoal ? 0 : h(state >> 2)), g);
    };
    const expand = (cell: number, din: number, g: number, from: number) => {
      const crossing =
        din >= 0 && ((grid.hNet[cell] as number) > 0 || (grid.vNet[cell] as number) > 0);
      for (let d = 0; d < 4; d++) {
        if (din >= 0 && d === opposite(din)) continue;
        if (crossing && d !== din) continue;
        const next = grid.step(cell, d);
        if (next < 0 || grid.edgeBlocked(cell, d)) continue;
        const ni = next % w;
        const nj = (next - ni) / w;
        const { iMin, iMax, jMin, jMax } = q.window;
        if (ni < iMin || ni > iMax || nj < jMin || nj > jMax) continue;
        const turn = din >= 0 ? din : (q.startDir ?? d);
        const base = g + 1 + (d !== turn ? q.costs.bend : 0);
        const end = q.goalCost(next, d);
        if (end >= 0) {
          offer(next * 4 + d, base + end, from, true);
          continue;
        }
        const extra = this.passCost(next, d, q.net, q.costs);
        if (extra < 0) continue;
        offer(next * 4 + d, base + extra, from, false);
      }
    };
    expand(q.start, -1, 0, -1);
    for (;;) {
      const state = heap.pop();
      if (state === undefined) return undefined;
      if (closed[state] === run) continue;
      closed[state] = run;
      if (goals.has(state)) return this.trace(state, q.start);
      expand(state >> 2, state & 3, cost[state] as number, state);
    }
  }

  /**
   * Whether any goal can be reached from the start at all: a flood over grid points that
   * ignores costs and the straight-through rule at crossings (so it may say yes wrongly, never
   * no wrongly). Far cheaper than an A* that has to exhaust the grid to fail.
   */
  canReach(q: PathQuery): boolean {
    const { grid, seen, queue } = this;
    const run = ++this.run;
    const w = grid.width;
    let head = 0;
    let tail = 0;
    queue[tail++] = q.start;
    seen[q.start] = run;
    while (head < tail) {
      const cell = queue[head++] as number;
      for (let d = 0; d < 4; d++) {
        const next = grid.step(cell, d);
        if (next < 0 || seen[next] === run || grid.edgeBlocked(cell, d)) continue;
        const ni = next % w;
        const nj = (next - ni) / w;
        const { iMin, iMax, jMin, jMax } = q.window;
        if (ni < iMin || ni > iMax || nj < jMin || nj > jMax) continue;
        if (q.goalCost(next, d) >= 0) return true;
        if (this.passCost(next, d, q.net, FREE) < 0) continue;
        seen[next] = run;
        queue[tail++] = next;
      }
    }
    return false;
  }

  /** Extra cost of passing through `cell` moving in direction d, or -1 when it may not. */
  private passCost(cell: number, d: number, net: number, costs: PathCosts): number {
    const { grid } = this;
    if ((grid.blocked[cell] as number) > 0 || grid.node[cell] === 1) return -1;
    const term = grid.terminalNet[cell] as number;
    if (term !== 0 && term !== net) return -1;
    const hn = grid.hNet[cell] as number;
    const vn = grid.vNet[cell] as number;
    const along = isHorizontal(d) ? grid.hNet : grid.vNet;
    const drawn = isHorizontal(d) ? grid.drawnH : grid.drawnV;
    let extra = 0;
    if (costs.hug > 0) {
      // The two neighbours across the direction of travel (d ± 1).
      const a = grid.step(cell, (d + 1) & 3);
      const b = grid.step(cell, (d + 3) & 3);
      const ra = a < 0 ? 0 : (along[a] as number);
      const rb = b < 0 ? 0 : (along[b] as number);
      if ((ra !== 0 && ra !== net) || (a >= 0 && drawn[a] === 1)) extra += costs.hug;
      if ((rb !== 0 && rb !== net) || (b >= 0 && drawn[b] === 1)) extra += costs.hug;
    }
    if (hn === 0 && vn === 0) return extra;
    // Someone's wire is here: only a right-angle crossing of one foreign wire is allowed.
    if (hn === net || vn === net || (hn !== 0 && vn !== 0)) return -1;
    if (hn !== 0 && isHorizontal(d)) return -1;
    if (vn !== 0 && !isHorizontal(d)) return -1;
    return extra + costs.cross;
  }

  private trace(goal: number, start: number): number[] {
    const cells: number[] = [];
    for (let s = goal; s >= 0; s = this.parent[s] as number) cells.push(s >> 2);
    cells.push(start);
    return cells.reverse();
  }
}
