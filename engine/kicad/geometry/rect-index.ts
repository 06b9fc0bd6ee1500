import type { Rect } from "./rect.js";

/**
 * A uniform-grid bucket index over rectangles, so pairwise checks (overlap, text against
 * wires, crowding) touch only nearby items instead of every pair on a 1000-part sheet.
 * Items are numbered in insertion order; queries answer those numbers.
 */
export class RectIndex {
  private readonly buckets = new Map<number, number[]>();
  private readonly rects: Rect[] = [];
  /** Per item, the last query that saw it: dedupes without allocating a Set per query. */
  private seen = new Uint32Array(64);
  private stamp = 0;

  constructor(private readonly cell: number) {
    if (!(cell > 0)) throw new RangeError("RectIndex cell size must be > 0");
  }

  /** Adds a rectangle; returns its number (0, 1, 2, … in insertion order). */
  add(rect: Rect): number {
    const id = this.rects.length;
    this.rects.push(rect);
    if (id >= this.seen.length) {
      const grown = new Uint32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    this.forCells(rect, 0, (key) => {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(id);
      else this.buckets.set(key, [id]);
    });
    return id;
  }

  /**
   * The numbers of the items whose rectangle may come within `margin` mm of `rect` (a superset
   * filter: callers still test exactly), ascending, each once.
   */
  query(rect: Rect, margin = 0): number[] {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const out: number[] = [];
    this.forCells(rect, margin, (key) => {
      const bucket = this.buckets.get(key);
      if (!bucket) return;
      for (const id of bucket) {
        if (this.seen[id] === this.stamp) continue;
        this.seen[id] = this.stamp;
        out.push(id);
      }
    });
    return out.sort((a, b) => a - b);
  }

  rect(id: number): Rect {
    return this.rects[id]!;
  }

  get size(): number {
    return this.rects.length;
  }

  private forCells(r: Rect, margin: number, visit: (key: number) => void): void {
    const x0 = Math.floor((r.minX - margin) / this.cell);
    const x1 = Math.floor((r.maxX + margin) / this.cell);
    const y0 = Math.floor((r.minY - margin) / this.cell);
    const y1 = Math.floor((r.maxY + margin) / this.cell);
    // Sheets are at most a few metres across: cell coordinates stay far inside ±2^20.
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(x * 2_097_152 + y);
  }
}
