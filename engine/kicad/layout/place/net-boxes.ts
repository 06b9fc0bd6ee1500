/**
 * Each net's bounding box over its placed pins, kept up to date as pins come and go, with how
 * many pins sit on each side of it: moving a pin that is not alone on a side costs O(1), so a
 * ground or supply net with hundreds of pins does not make every move O(pins). A side whose last
 * pin leaves marks the box stale; it is rebuilt from the pins on the next read.
 */
export class NetBoxes {
  private readonly minX: Float64Array;
  private readonly maxX: Float64Array;
  private readonly minY: Float64Array;
  private readonly maxY: Float64Array;
  private readonly onMinX: Int32Array;
  private readonly onMaxX: Int32Array;
  private readonly onMinY: Int32Array;
  private readonly onMaxY: Int32Array;
  private readonly count: Int32Array;
  private readonly stale: Uint8Array;

  constructor(
    nets: number,
    /** Calls `visit` with every placed pin of net `n`, for a rebuild. */
    private readonly eachPin: (n: number, visit: (x: number, y: number) => void) => void,
  ) {
    this.minX = new Float64Array(nets);
    this.maxX = new Float64Array(nets);
    this.minY = new Float64Array(nets);
    this.maxY = new Float64Array(nets);
    this.onMinX = new Int32Array(nets);
    this.onMaxX = new Int32Array(nets);
    this.onMinY = new Int32Array(nets);
    this.onMaxY = new Int32Array(nets);
    this.count = new Int32Array(nets);
    this.stale = new Uint8Array(nets);
  }

  add(n: number, x: number, y: number): void {
    const k = this.count[n] as number;
    this.count[n] = k + 1;
    if (this.stale[n]) return;
    if (k === 0) {
      this.minX[n] = this.maxX[n] = x;
      this.minY[n] = this.maxY[n] = y;
      this.onMinX[n] = this.onMaxX[n] = this.onMinY[n] = this.onMaxY[n] = 1;
      return;
    }
    side(x, this.minX, this.onMinX, n, -1);
    side(x, this.maxX, this.onMaxX, n, 1);
    side(y, this.minY, this.onMinY, n, -1);
    side(y, this.maxY, this.onMaxY, n, 1);
  }

  remove(n: number, x: number, y: number): void {
    this.count[n] = (this.count[n] as number) - 1;
    if (this.stale[n]) return;
    if (x === this.minX[n] && --(this.onMinX as Int32Array)[n]! <= 0) this.stale[n] = 1;
    if (x === this.maxX[n] && --(this.onMaxX as Int32Array)[n]! <= 0) this.stale[n] = 1;
    if (y === this.minY[n] && --(this.onMinY as Int32Array)[n]! <= 0) this.stale[n] = 1;
    if (y === this.maxY[n] && --(this.onMaxY as Int32Array)[n]! <= 0) this.stale[n] = 1;
  }

  /** Half-perimeter of net `n`'s box; 0 with fewer than two placed pins. */
  halfPerimeter(n: number): number {
    if ((this.count[n] as number) < 2) return 0;
    if (this.stale[n]) this.rebuild(n);
    return (
      (this.maxX[n] as number) -
      (this.minX[n] as number) +
      (this.maxY[n] as number) -
      (this.minY[n] as number)
    );
  }

  /** Centre of net `n`'s box and how many placed pins it holds (0: no centre). */
  centre(n: number): { x: number; y: number; pins: number } {
    const pins = this.count[n] as number;
    if (pins === 0) return { x: 0, y: 0, pins };
    if (this.stale[n]) this.rebuild(n);
    return {
      x: ((this.minX[n] as number) + (this.maxX[n] as number)) / 2,
      y: ((this.minY[n] as number) + (this.maxY[n] as number)) / 2,
      pins,
    };
  }

  private rebuild(n: number): void {
    const k = this.count[n] as number;
    this.stale[n] = 0;
    this.count[n] = 0;
    this.eachPin(n, (x, y) => this.add(n, x, y));
    if (this.count[n] !== k)
      throw new Error(`net box ${n}: ${this.count[n]} pins found, ${k} counted`);
  }
}

/** Widens one side of the box to `v` or counts another pin on it. */
function side(v: number, edge: Float64Array, on: Int32Array, n: number, dir: -1 | 1): void {
  const e = edge[n] as number;
  if ((dir < 0 && v < e) || (dir > 0 && v > e)) {
    edge[n] = v;
    on[n] = 1;
  } else if (v === e) on[n] = (on[n] as number) + 1;
}
