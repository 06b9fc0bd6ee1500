import type { Box, Point } from "../../symbol/geometry.js";
import { RouteRequestError } from "./route-error.js";

/** Directions as indices: right (+x), down (+y), left, up. */
export const DX = [1, 0, -1, 0] as const;
export const DY = [0, 1, 0, -1] as const;
export const H_ARMS = 0b0101;
export const V_ARMS = 0b1010;
export const opposite = (d: number): number => (d + 2) & 3;
export const isHorizontal = (d: number): boolean => (d & 1) === 0;

const EPS = 1e-4;

/** A saved copy of a grid's routing state. */
export interface GridState {
  ints: Int32Array[];
  arms: Uint8Array;
  node: Uint8Array;
}

/**
 * The grid points inside the bounds and what occupies each: obstacle counts (so a net can lift
 * its own terminals' obstacles and put them back), wires per axis and owning net, the points
 * where some wire ends or bends (nothing else may touch those), and terminals.
 */
export class RoutingGrid {
  readonly i0: number;
  readonly j0: number;
  readonly width: number;
  readonly height: number;
  /** Obstacles covering the point. */
  readonly blocked: Int32Array;
  /** Obstacles crossed by the open edge from the point to its right / lower neighbour. */
  readonly edgeRight: Int32Array;
  readonly edgeDown: Int32Array;
  /** Net index + 1 of the wire running horizontally / vertically through the point (0: none). */
  readonly hNet: Int32Array;
  readonly vNet: Int32Array;
  /** Bit d set: a wire leaves the point in direction d. */
  readonly arms: Uint8Array;
  /** 1 where a wire ends, bends or splits: no other net may touch the point. */
  readonly node: Uint8Array;
  /** Net index + 1 of the terminal at the point (0: none). */
  readonly terminalNet: Int32Array;
  /** Tree id + 1 of the wire at the point (0: none). */
  readonly tree: Int32Array;
  /**
   * Wires drawn before routing (pins' stubs, power ports' jogs) running horizontally /
   * vertically through the point: fixed, so only the hug cost looks at them.
   */
  readonly drawnH: Uint8Array;
  readonly drawnV: Uint8Array;

  constructor(
    readonly bounds: Box,
    readonly grid: number,
  ) {
    this.i0 = Math.ceil(bounds.minX / grid - EPS);
    this.j0 = Math.ceil(bounds.minY / grid - EPS);
    this.width = Math.max(0, Math.floor(bounds.maxX / grid + EPS) - this.i0 + 1);
    this.height = Math.max(0, Math.floor(bounds.maxY / grid + EPS) - this.j0 + 1);
    const n = this.width * this.height;
    this.blocked = new Int32Array(n);
    this.edgeRight = new Int32Array(n);
    this.edgeDown = new Int32Array(n);
    this.hNet = new Int32Array(n);
    this.vNet = new Int32Array(n);
    this.arms = new Uint8Array(n);
    this.node = new Uint8Array(n);
    this.terminalNet = new Int32Array(n);
    this.tree = new Int32Array(n);
    this.drawnH = new Uint8Array(n);
    this.drawnV = new Uint8Array(n);
  }

  /**
   * Marks an axis-parallel wire drawn before routing at every grid point along it (a wire off
   * the grid lines counts on the nearest one; the part outside the bounds is left out).
   */
  addDrawnWire(a: Point, b: Point): void {
    const g = this.grid;
    const horizontal = Math.abs(a.y - b.y) < EPS;
    if (!horizontal && Math.abs(a.x - b.x) >= EPS) return;
    const marks = horizontal ? this.drawnH : this.drawnV;
    const fixed = Math.round((horizontal ? a.y : a.x) / g) - (horizontal ? this.j0 : this.i0);
    if (fixed < 0 || fixed >= (horizontal ? this.height : this.width)) return;
    const [p, q] = horizontal ? [a.x, b.x] : [a.y, b.y];
    const origin = horizontal ? this.i0 : this.j0;
    const span = horizontal ? this.width : this.height;
    const lo = Math.max(0, Math.ceil(Math.min(p, q) / g - EPS) - origin);
    const hi = Math.min(span - 1, Math.floor(Math.max(p, q) / g + EPS) - origin);
    for (let k = lo; k <= hi; k++)
      marks[horizontal ? fixed * this.width + k : k * this.width + fixed] = 1;
  }

  /** A copy of everything routing changes (obstacle counts too: label places add boxes). */
  snapshot(): GridState {
    return {
      ints: this.intArrays().map((a) => a.slice()),
      arms: this.arms.slice(),
      node: this.node.slice(),
    };
  }

  restore(state: GridState): void {
    this.intArrays().forEach((a, i) => {
      a.set(state.ints[i] as Int32Array);
    });
    this.arms.set(state.arms);
    this.node.set(state.node);
  }

  private intArrays(): Int32Array[] {
    const { blocked, edgeRight, edgeDown, hNet, vNet, terminalNet, tree } = this;
    return [blocked, edgeRight, edgeDown, hNet, vNet, terminalNet, tree];
  }

  get size(): number {
    return this.width * this.height;
  }

  /** The cell of a point that must lie on the grid and inside the bounds. */
  cellOf(p: Point, what: string): number {
    const fi = p.x / this.grid;
    const fj = p.y / this.grid;
    const i = Math.round(fi);
    const j = Math.round(fj);
    if (Math.abs(fi - i) > 1e-3 || Math.abs(fj - j) > 1e-3)
      throw new RouteRequestError(
        `${what} at (${p.x}, ${p.y}) is off the ${this.grid} mm routing grid`,
        "snap terminals to the grid (drawing.snap) before routing",
      );
    const ci = i - this.i0;
    const cj = j - this.j0;
    if (ci < 0 || cj < 0 || ci >= this.width || cj >= this.height)
      throw new RouteRequestError(
        `${what} at (${p.x}, ${p.y}) lies outside the routing bounds`,
        "make the bounds contain every terminal (e.g. the group's box grown by a few grid steps)",
      );
    return cj * this.width + ci;
  }

  /** The sheet point of a cell, rounded as KiCad writes coordinates (0.1 µm). */
  pointOf(cell: number): Point {
    const i = (cell % this.width) + this.i0;
    const j = Math.floor(cell / this.width) + this.j0;
    return {
      x: Math.round(i * this.grid * 10_000) / 10_000 || 0,
      y: Math.round(j * this.grid * 10_000) / 10_000 || 0,
    };
  }

  /** The neighbour of `cell` in direction d, or -1 past the bounds. */
  step(cell: number, d: number): number {
    const ci = (cell % this.width) + (DX[d] as number);
    const cj = Math.floor(cell / this.width) + (DY[d] as number);
    if (ci < 0 || cj < 0 || ci >= this.width || cj >= this.height) return -1;
    return cj * this.width + ci;
  }

  /** Obstacles crossed moving from `cell` one step in direction d (the end points excluded). */
  edgeBlocked(cell: number, d: number): boolean {
    switch (d) {
      case 0:
        return (this.edgeRight[cell] as number) > 0;
      case 1:
        return (this.edgeDown[cell] as number) > 0;
      case 2:
        return (this.edgeRight[cell - 1] as number) > 0;
      default:
        return (this.edgeDown[cell - this.width] as number) > 0;
    }
  }

  /**
   * Adds (delta 1) or lifts (delta -1) a closed box: every grid point on or inside it, and every
   * edge whose open span passes through it.
   */
  addBox(box: Box, delta: number): void {
    const g = this.grid;
    const lo = (v: number) => Math.ceil(v / g - EPS);
    const hi = (v: number) => Math.floor(v / g + EPS);
    if (box.maxX < this.bounds.minX - g || box.minX > this.bounds.maxX + g) return;
    if (box.maxY < this.bounds.minY - g || box.minY > this.bounds.maxY + g) return;
    const iLo = lo(box.minX);
    const iHi = hi(box.maxX);
    const jLo = lo(box.minY);
    const jHi = hi(box.maxY);
    // A box between two grid lines still blocks the edges that cross it.
    const rowsLo = Math.max(jLo, this.j0);
    const rowsHi = Math.min(jHi, this.j0 + this.height - 1);
    const colsLo = Math.max(iLo, this.i0);
    const colsHi = Math.min(iHi, this.i0 + this.width - 1);
    for (let j = rowsLo; j <= rowsHi; j++) {
      const row = (j - this.j0) * this.width;
      for (let i = colsLo; i <= colsHi; i++) (this.blocked[row + i - this.i0] as number) += delta;
      // Horizontal edges (i, i+1) with x_i < maxX and x_{i+1} > minX.
      const eLo = Math.max(this.i0, Math.floor(box.minX / g + EPS));
      const eHi = Math.min(this.i0 + this.width - 2, Math.ceil(box.maxX / g - EPS) - 1);
      for (let i = eLo; i <= eHi; i++) (this.edgeRight[row + i - this.i0] as number) += delta;
    }
    const vLo = Math.max(this.j0, Math.floor(box.minY / g + EPS));
    const vHi = Math.min(this.j0 + this.height - 2, Math.ceil(box.maxY / g - EPS) - 1);
    for (let j = vLo; j <= vHi; j++) {
      const row = (j - this.j0) * this.width;
      for (let i = colsLo; i <= colsHi; i++) (this.edgeDown[row + i - this.i0] as number) += delta;
    }
  }
}
