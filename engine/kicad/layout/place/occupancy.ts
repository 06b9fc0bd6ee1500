import type { Rect } from "../../geometry/rect.js";

/**
 * Rectangles by id on a uniform grid of buckets, with removal: the placer moves parts thousands
 * of times, and each legality test must only look at the neighbours of the spot it tries.
 */
export class Occupancy {
  private readonly buckets = new Map<number, Set<number>>();
  private readonly rects = new Map<number, Rect>();

  constructor(private readonly cell: number) {}

  set(id: number, rect: Rect): void {
    this.remove(id);
    this.rects.set(id, rect);
    this.forCells(rect, (key) => {
      let bucket = this.buckets.get(key);
      if (!bucket) {
        bucket = new Set();
        this.buckets.set(key, bucket);
      }
      bucket.add(id);
    });
  }

  remove(id: number): void {
    const rect = this.rects.get(id);
    if (!rect) return;
    this.rects.delete(id);
    this.forCells(rect, (key) => this.buckets.get(key)?.delete(id));
  }

  get(id: number): Rect | undefined {
    return this.rects.get(id);
  }

  /**
   * Whether `rect` comes closer than `gap` to any stored rectangle other than those in `ignore`
   * (touching at exactly `gap` is allowed).
   */
  collides(rect: Rect, gap: number, ignore?: ReadonlySet<number> | number): boolean {
    const probe = {
      minX: rect.minX - gap,
      minY: rect.minY - gap,
      maxX: rect.maxX + gap,
      maxY: rect.maxY + gap,
    };
    let hit = false;
    this.forCells(probe, (key) => {
      if (hit) return;
      const bucket = this.buckets.get(key);
      if (!bucket) return;
      for (const id of bucket) {
        if (ignore !== undefined && (typeof ignore === "number" ? id === ignore : ignore.has(id)))
          continue;
        if (strictlyOverlap(probe, this.rects.get(id) as Rect)) {
          hit = true;
          return;
        }
      }
    });
    return hit;
  }

  /** The ids of stored rectangles closer than `gap` to `rect` (`ignore` excepted), ascending. */
  colliding(rect: Rect, gap: number, ignore?: number): number[] {
    const probe = {
      minX: rect.minX - gap,
      minY: rect.minY - gap,
      maxX: rect.maxX + gap,
      maxY: rect.maxY + gap,
    };
    const out = new Set<number>();
    this.forCells(probe, (key) => {
      for (const id of this.buckets.get(key) ?? []) {
        if (id === ignore || out.has(id)) continue;
        if (strictlyOverlap(probe, this.rects.get(id) as Rect)) out.add(id);
      }
    });
    return [...out].sort((a, b) => a - b);
  }

  /** Whether a stored rectangle (grown by `gap`) covers point (x, y). */
  covers(x: number, y: number, gap = 0): boolean {
    const bucket = this.buckets.get(Math.floor(x / this.cell) * 65_536 + Math.floor(y / this.cell));
    if (!bucket) return false;
    for (const id of bucket) {
      const r = this.rects.get(id) as Rect;
      if (x > r.minX - gap && x < r.maxX + gap && y > r.minY - gap && y < r.maxY + gap) return true;
    }
    return false;
  }

  private forCells(r: Rect, visit: (key: number) => void): void {
    const x0 = Math.floor(r.minX / this.cell);
    const x1 = Math.floor(r.maxX / this.cell);
    const y0 = Math.floor(r.minY / this.cell);
    const y1 = Math.floor(r.maxY / this.cell);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) visit(x * 65_536 + y);
  }
}

/** Overlap by more than a rounding error: rectangles that only touch do not collide. */
function strictlyOverlap(a: Rect, b: Rect): boolean {
  return (
    a.minX < b.maxX - 1e-9 &&
    b.minX < a.maxX - 1e-9 &&
    a.minY < b.maxY - 1e-9 &&
    b.minY < a.maxY - 1e-9
  );
}
