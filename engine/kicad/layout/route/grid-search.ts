import type { Point } from "../../geometry/point.js";
import type { RouteGrid } from "./route-grid.js";

/** The eight moves, counter-clockwise from east (Y down), and their lengths in pitches. */
const DX = [1, 1, 0, -1, -1, -1, 0, 1];
const DY = [0, 1, 1, 1, 0, -1, -1, -1];
const LEN = [1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2, 1, Math.SQRT2];
/** Extra cost of a turn by 0, 45 and 90 degrees; sharper turns are not taken. */
const TURN = [0, 0.15, 0.6];

/** Every move allowed: the mask of a pad a track may meet from any side. */
export const ANY_MOVE = 0xff;

/**
 * The moves (a bit per direction) that run along a pad's long axis, both ways: the only ones a
 * track may take across the pad's boundary. A pad without an axis allows all eight.
 */
export function axisMoves(axis: Point | undefined): number {
  if (!axis) return ANY_MOVE;
  let mask = 0;
  for (let d = 0; d < 8; d++) {
    const dot = ((DX[d] as number) * axis.x + (DY[d] as number) * axis.y) / (LEN[d] as number);
    // Within 22.5° of the axis: the grid's nearest direction to it, whatever the rotation.
    if (Math.abs(dot) >= Math.cos(Math.PI / 8) - 1e-9) mask |= 1 << d;
  }
  return mask;
}

/** The net's own pads as the search sees them: which pad a state lies in, and how it is entered. */
export interface PadEntry {
  /** State (layer × cell) → index of the pad whose copper it lies in. */
  readonly pad: ReadonlyMap<number, number>;
  /** Per pad index: the moves allowed into or out of it (axisMoves). */
  readonly moves: readonly number[];
}

export interface SearchNet {
  readonly id: number;
  /** Consumer index of the net's track width, and of its via. */
  readonly track: number;
  readonly via: number;
  /**
   * The neck: a narrower consumer the track may fall back to on the states of `zone` (next to
   * the net's own pads) where its own width does not fit the placed board.
   */
  readonly neck?: { readonly consumer: number; readonly zone: ReadonlySet<number> };
}

/**
 * The consumer a net's track uses on a state: its own width where the placed board leaves room,
 * the neck where only that fits (and the state is in the neck zone), or -1 where neither does.
 */
export function trackConsumer(
  grid: RouteGrid,
  net: SearchNet,
  layer: number,
  cell: number,
): number {
  if (grid.staticFree(net.track, layer, cell, net.id)) return net.track;
  const neck = net.neck;
  if (
    neck?.zone.has(layer * grid.cells + cell) &&
    grid.staticFree(neck.consumer, layer, cell, net.id)
  )
    return neck.consumer;
  return -1;
}

export interface SearchCosts {
  /** Price of a cell another net claims, per claiming net (PathFinder's present cost). */
  readonly present: number;
  /** Hard mode: cells other nets claim are walls. */
  readonly hard: boolean;
  /** A via, in pitches of track. */
  readonly via: number;
  /**
   * The least distance, in pitches, between two via centres of this net on one path (their holes
   * the hole-to-hole rule apart); vias on the tree already found are kept off through `noVia`.
   */
  readonly viaSpacing?: number;
}

/**
 * A* over the grid's states (layer × cell) from many sources to many targets, with turn and via
 * costs and negotiated-congestion prices. Buffers are kept between searches (a generation stamp
 * stands in for clearing them), so each search costs only the states it touches.
 */
export class GridSearch {
  private readonly g: Float64Array;
  private readonly parent: Int32Array;
  private readonly dir: Int8Array;
  private readonly seen: Int32Array;
  private readonly closed: Int32Array;
  private readonly target: Int32Array;
  private readonly targetPad: Int32Array;
  private readonly padSeen: Int32Array;
  private readonly padIndex: Int32Array;
  /** Per state: the cell of the last via on the way there (-1: none since the source). */
  private readonly lastVia: Int32Array;
  private gen = 0;
  private heapF: number[] = [];
  private heapS: number[] = [];

  constructor(private readonly grid: RouteGrid) {
    const n = grid.cells * 2;
    this.g = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.dir = new Int8Array(n);
    this.seen = new Int32Array(n);
    this.closed = new Int32Array(n);
    this.target = new Int32Array(n);
    this.targetPad = new Int32Array(n);
    this.padSeen = new Int32Array(n);
    this.padIndex = new Int32Array(n);
    this.lastVia = new Int32Array(n);
  }

  private push(f: number, s: number): void {
    const hf = this.heapF;
    const hs = this.heapS;
    let i = hf.length;
    hf.push(f);
    hs.push(s);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((hf[p] as number) <= f) break;
      hf[i] = hf[p] as number;
      hs[i] = hs[p] as number;
      i = p;
    }
    hf[i] = f;
    hs[i] = s;
  }

  private pop(): number {
    const hf = this.heapF;
    const hs = this.heapS;
    const top = hs[0] as number;
    const lastF = hf.pop() as number;
    const lastS = hs.pop() as number;
    const n = hf.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && (hf[c + 1] as number) < (hf[c] as number)) c++;
        if ((hf[c] as number) >= lastF) break;
        hf[i] = hf[c] as number;
        hs[i] = hs[c] as number;
        i = c;
      }
      hf[i] = lastF;
      hs[i] = lastS;
    }
    return top;
  }

  /**
   * The cheapest path from any of `sources` to any target state (`targets`: state → pad index),
   * as states from a source to the target, and the pad reached; undefined when none exists.
   * `goals` are the target pads' centres (cell column, row, radius in cells) for the heuristic.
   */
  search(
    net: SearchNet,
    sources: readonly number[],
    targets: ReadonlyMap<number, number>,
    goals: readonly (readonly [number, number, number])[],
    costs: SearchCosts,
    /** Cells where this net may not drill another via (too near one of its own). */
    noVia?: ReadonlySet<number>,
    /** The net's pads: a move into or out of one runs along its axis. */
    entry?: PadEntry,
  ): { path: number[]; pad: number } | undefined {
    const grid = this.grid;
    const { nx, ny, cells } = grid;
    this.gen++;
    const gen = this.gen;
    for (const [s, pad] of targets) {
      this.target[s] = gen;
      this.targetPad[s] = pad;
    }
    // A move between two states of different pads (or a pad and open board) must be one both
    // allow; states outside every pad allow all (padSeen is stale there).
    for (const [s, pad] of entry?.pad ?? []) {
      this.padSeen[s] = gen;
      this.padIndex[s] = pad;
    }
    const moves = entry?.moves ?? [];
    const padOf = (s: number) => (this.padSeen[s] === gen ? (this.padIndex[s] as number) : -1);
    const crosses = (from: number, to: number, d: number) =>
      from !== to &&
      ((from >= 0 && (((moves[from] ?? ANY_MOVE) >> d) & 1) === 0) ||
        (to >= 0 && (((moves[to] ?? ANY_MOVE) >> d) & 1) === 0));
    this.heapF.length = 0;
    this.heapS.length = 0;
    const h = (cell: number) => {
      const i = cell % nx;
      const j = (cell - i) / nx;
      let best = Infinity;
      for (const [gi, gj, r] of goals) {
        const dx = Math.abs(gi - i);
        const dy = Math.abs(gj - j);
        const d = Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy) - r;
        if (d < best) best = d;
      }
      return Math.max(0, best) * 1.2;
    };
    for (const s of sources) {
      if (this.seen[s] === gen) continue;
      this.seen[s] = gen;
      this.g[s] = 0;
      this.parent[s] = -1;
      this.dir[s] = -1;
      this.lastVia[s] = -1;
      this.push(h(s % cells), s);
    }
    const history = grid.history;
    while (this.heapS.length > 0) {
      const s = this.pop();
      if (this.closed[s] === gen) continue;
      this.closed[s] = gen;
      if (this.target[s] === gen) {
        const path: number[] = [];
        for (let t = s; t >= 0; t = this.parent[t] as number) path.push(t);
        path.reverse();
        return { path, pad: this.targetPad[s] as number };
      }
      const layer = s >= cells ? 1 : 0;
      const cell = s - layer * cells;
      const i = cell % nx;
      const j = (cell - i) / nx;
      const gs = this.g[s] as number;
      const d0 = this.dir[s] as number;
      const hist = history[layer] as Float32Array;
      const inPad = padOf(s);
      for (let d = 0; d < 8; d++) {
        let turn = 0;
        if (d0 >= 0) {
          const diff = Math.abs(d - d0);
          const a = diff > 4 ? 8 - diff : diff;
          if (a > 2) continue;
          turn = TURN[a] as number;
        }
        const ni = i + (DX[d] as number);
        const nj = j + (DY[d] as number);
        if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) continue;
        const nc = nj * nx + ni;
        const ns = layer * cells + nc;
        if (this.closed[ns] === gen) continue;
        if (crosses(inPad, padOf(ns), d)) continue;
        const consumer = trackConsumer(grid, net, layer, nc);
        if (consumer < 0) continue;
        const others = grid.others(consumer, layer, nc, net.id);
        if (others > 0 && costs.hard) continue;
        const step =
          (LEN[d] as number) * (1 + (hist[nc] as number) + costs.present * others) + turn;
        const ng = gs + step;
        if (this.seen[ns] === gen && (this.g[ns] as number) <= ng) continue;
        this.seen[ns] = gen;
        this.g[ns] = ng;
        this.parent[ns] = s;
        this.dir[ns] = d;
        this.lastVia[ns] = this.lastVia[s] as number;
        this.push(ng + h(nc), ns);
      }
      // A via to the other layer, where it clears everything on both.
      const other = 1 - layer;
      const vs = other * cells + cell;
      const prior = this.lastVia[s] as number;
      const spaced =
        prior < 0 ||
        costs.viaSpacing === undefined ||
        Math.hypot((prior % nx) - i, Math.floor(prior / nx) - j) >= costs.viaSpacing;
      if (this.closed[vs] !== gen && spaced && !noVia?.has(cell)) {
        // The track goes on from the via's centre, so that must take the track too (a keep-out
        // may allow vias where it bars tracks).
        if (
          grid.staticFree(net.via, 0, cell, net.id) &&
          grid.staticFree(net.via, 1, cell, net.id) &&
          trackConsumer(grid, net, other, cell) >= 0
        ) {
          const others =
            grid.others(net.via, 0, cell, net.id) + grid.others(net.via, 1, cell, net.id);
          if (!(others > 0 && costs.hard)) {
            const ng =
              gs +
              costs.via *
                (1 + (hist[cell] as number) + ((history[other] as Float32Array)[cell] as number)) +
              costs.present * others * costs.via;
            if (!(this.seen[vs] === gen && (this.g[vs] as number) <= ng)) {
              this.seen[vs] = gen;
              this.g[vs] = ng;
              this.parent[vs] = s;
              this.dir[vs] = -1;
              this.lastVia[vs] = cell;
              this.push(ng + h(cell), vs);
            }
          }
        }
      }
    }
    return undefined;
  }
}
