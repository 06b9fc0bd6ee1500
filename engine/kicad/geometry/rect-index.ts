import { type Rect, rectInflate } from "./rect.js";

/**
 * A uniform-grid bucket index over rectangles, so pairwise checks (overlap, text against
 * wires, crowding) touch only nearby items instead of every pair on a 1000-part sheet.
 */
export class RectIndex<T> {
  private readonly buckets = new Map<string, number[]>();
  private readonly items: Array<{ rect: Rect; value: T }> = [];

  constructor(private readonly cell: number) {
    if (!(cell > 0)) throw new RangeError("RectIndex cell size must be > 0");
  }

  add(rect: Rect, value: T): void {
    const id = this.items.length;
    this.items.push({ rect, value });
    for (const key of this.keys(rect)) {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(id);
      else this.buckets.set(key, [id]);
    }
  }

  /**
   * Items whose rectangle comes within `margin` of `rect` (a superset filter: callers still
   * test exactly), in insertion order, each once.
   */
  query(rect: Rect, margin = 0): Array<{ rect: Rect; value: T; id: number }> {
    const seen = new Set<number>();
    for (const key of this.keys(rectInflate(rect, margin))) {
      for (const id of this.buckets.get(key) ?? []) seen.add(id);
    }
    return [...seen].sort((a, b) => a - b).map((id) => ({ ...this.items[id]!, id }));
  }

  get size(): number {
    return this.items.length;
  }

  private *keys(r: Rect): Generator<string> {
    const x0 = Math.floor(r.minX / this.cell);
    const x1 = Math.floor(r.maxX / this.cell);
    const y0 = Math.floor(r.minY / this.cell);
    const y1 = Math.floor(r.maxY / this.cell);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) yield `${x},${y}`;
  }
}
