import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import { type CopperShape, shapeBox, shapeDistance } from "./copper-shape.js";

/** Nanometres per millimetre: KiCad's internal unit, and the router's. */
export const NM = 1_000_000;

/**
 * How much further than the rule every obstacle is kept. The search checks grid points only; a
 * move between two free neighbours (at most √2 pitches long) can cut into an obstacle grown by R
 * by at most R − √(R² − (√2·pitch/2)²) — 8.3 µm for R = 0.3 mm at a 0.1 mm pitch — because every
 * grown obstacle is convex with corners no sharper than R. 15 µm covers that and KiCad's own
 * rounding, so a path the search finds is legal by construction.
 */
export const MARGIN = 0.015;

/**
 * The routing grid: cells at `pitch` (integer nm) from an integer-nm origin, two layers
 * (0 = F.Cu, 1 = B.Cu), and for each "consumer" (a track of one half-width, or a via) a map of
 * the cells its centre may not occupy. A map keeps, per cell, how many distinct owners block it
 * and the sum of their ids: a cell is free for net n when nobody blocks it, or only n does.
 * Owner 0 is "nobody's" (board edge, holes, keep-outs, unconnected pads): it blocks every net.
 * Static maps hold the placed board; dynamic maps hold routed nets (ripped up and re-stamped).
 */
export class RouteGrid {
  readonly nx: number;
  readonly ny: number;
  readonly cells: number;
  readonly originNm: { x: number; y: number };
  private readonly staticCount: Uint16Array[];
  private readonly staticSum: Int32Array[];
  private readonly dynCount: Uint16Array[];
  private readonly dynSum: Int32Array[];
  private readonly mark: Int32Array[];
  private gen = 0;
  /** Per layer: how often a cell was contested (PathFinder's history cost). */
  readonly history: Float32Array[];

  constructor(
    readonly outline: Rect,
    readonly pitchNm: number,
    /** Radii of the consumers, mm: track half-widths, then the via's radius last. */
    readonly consumers: readonly number[],
  ) {
    this.originNm = {
      x: Math.round(outline.minX * NM),
      y: Math.round(outline.minY * NM),
    };
    this.nx = Math.floor(((outline.maxX - outline.minX) * NM) / pitchNm) + 1;
    this.ny = Math.floor(((outline.maxY - outline.minY) * NM) / pitchNm) + 1;
    this.cells = this.nx * this.ny;
    const maps = consumers.length * 2;
    const make16 = () => Array.from({ length: maps }, () => new Uint16Array(this.cells));
    const make32 = () => Array.from({ length: maps }, () => new Int32Array(this.cells));
    this.staticCount = make16();
    this.staticSum = make32();
    this.dynCount = make16();
    this.dynSum = make32();
    this.mark = make32();
    this.history = [new Float32Array(this.cells), new Float32Array(this.cells)];
  }

  get pitch(): number {
    return this.pitchNm / NM;
  }

  /** A cell's centre, integer nm. */
  cellNm(cell: number): { x: number; y: number } {
    const i = cell % this.nx;
    const j = (cell - i) / this.nx;
    return { x: this.originNm.x + i * this.pitchNm, y: this.originNm.y + j * this.pitchNm };
  }

  cellMm(cell: number): Point {
    const p = this.cellNm(cell);
    return { x: p.x / NM, y: p.y / NM };
  }

  private mapIndex(consumer: number, layer: number): number {
    return consumer * 2 + layer;
  }

  /** Starts a stamp group: within it, each map cell counts once. */
  beginGroup(): void {
    this.gen++;
  }

  /**
   * Stamps `shape` grown by `grow(consumerRadius)` (mm, margin included here) onto `layer` of
   * every consumer's map for `owner`. Dynamic stamps are recorded in `record` to lift later.
   */
  stamp(
    shape: CopperShape,
    layer: number,
    owner: number,
    grow: (radius: number, consumer: number) => number,
    record?: number[],
  ): void {
    const box = shapeBox(shape);
    const p = this.pitchNm / NM;
    const ox = this.originNm.x / NM;
    const oy = this.originNm.y / NM;
    for (let k = 0; k < this.consumers.length; k++) {
      const reach = grow(this.consumers[k] as number, k);
      if (reach < 0) continue;
      const r = reach + MARGIN;
      const i0 = Math.max(0, Math.floor((box.minX - r - ox) / p));
      const i1 = Math.min(this.nx - 1, Math.ceil((box.maxX + r - ox) / p));
      const j0 = Math.max(0, Math.floor((box.minY - r - oy) / p));
      const j1 = Math.min(this.ny - 1, Math.ceil((box.maxY + r - oy) / p));
      const m = this.mapIndex(k, layer);
      const mark = this.mark[m] as Int32Array;
      const count = (record ? this.dynCount[m] : this.staticCount[m]) as Uint16Array;
      const sum = (record ? this.dynSum[m] : this.staticSum[m]) as Int32Array;
      for (let j = j0; j <= j1; j++) {
        const y = oy + j * p;
        for (let i = i0; i <= i1; i++) {
          const cell = j * this.nx + i;
          if (mark[cell] === this.gen) continue;
          if (shapeDistance(shape, { x: ox + i * p, y }) >= r) continue;
          mark[cell] = this.gen;
          count[cell] = (count[cell] as number) + 1;
          sum[cell] = (sum[cell] as number) + owner;
          if (record) record.push(m, cell, owner);
        }
      }
    }
  }

  /** Lifts dynamic stamps recorded by `stamp`. */
  lift(record: readonly number[]): void {
    for (let t = 0; t < record.length; t += 3) {
      const m = record[t] as number;
      const cell = record[t + 1] as number;
      const count = this.dynCount[m] as Uint16Array;
      const sum = this.dynSum[m] as Int32Array;
      count[cell] = (count[cell] as number) - 1;
      sum[cell] = (sum[cell] as number) - (record[t + 2] as number);
    }
  }

  /** Whether the placed board lets `net`'s consumer centre sit on `cell` of `layer`. */
  staticFree(consumer: number, layer: number, cell: number, net: number): boolean {
    const m = this.mapIndex(consumer, layer);
    const c = (this.staticCount[m] as Uint16Array)[cell] as number;
    return c === 0 || (c === 1 && (this.staticSum[m] as Int32Array)[cell] === net);
  }

  /** How many routed nets other than `net` claim `cell` (0: free). */
  others(consumer: number, layer: number, cell: number, net: number): number {
    const m = this.mapIndex(consumer, layer);
    const c = (this.dynCount[m] as Uint16Array)[cell] as number;
    if (c === 0) return 0;
    if (c === 1 && (this.dynSum[m] as Int32Array)[cell] === net) return 0;
    return c;
  }

  /** The cell nearest a point (clamped to the grid). */
  cellAt(p: Point): number {
    const i = Math.min(
      this.nx - 1,
      Math.max(0, Math.round((p.x * NM - this.originNm.x) / this.pitchNm)),
    );
    const j = Math.min(
      this.ny - 1,
      Math.max(0, Math.round((p.y * NM - this.originNm.y) / this.pitchNm)),
    );
    return j * this.nx + i;
  }

  /** Cells whose centres lie inside any of `shapes` (distance 0), or within `reach` mm of one. */
  cellsInside(shapes: readonly CopperShape[], reach = 0): number[] {
    const out = new Set<number>();
    const p = this.pitchNm / NM;
    const ox = this.originNm.x / NM;
    const oy = this.originNm.y / NM;
    for (const shape of shapes) {
      const box = shapeBox(shape);
      const i0 = Math.max(0, Math.ceil((box.minX - reach - ox) / p));
      const i1 = Math.min(this.nx - 1, Math.floor((box.maxX + reach - ox) / p));
      const j0 = Math.max(0, Math.ceil((box.minY - reach - oy) / p));
      const j1 = Math.min(this.ny - 1, Math.floor((box.maxY + reach - oy) / p));
      for (let j = j0; j <= j1; j++)
        for (let i = i0; i <= i1; i++)
          if (shapeDistance(shape, { x: ox + i * p, y: oy + j * p }) <= reach)
            out.add(j * this.nx + i);
    }
    return [...out].sort((a, b) => a - b);
  }
}
