/**
 * A binary min-heap of integer items ordered by (key ascending, tie descending, insertion
 * order), so a search popping from it is deterministic. Typed-array storage that doubles as
 * needed: the router pushes hundreds of thousands of states per sheet.
 */
export class MinHeap {
  private items = new Int32Array(1024);
  private keys = new Float64Array(1024);
  private ties = new Float64Array(1024);
  private order = new Float64Array(1024);
  private count = 0;
  private counter = 0;

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.count = 0;
    this.counter = 0;
  }

  push(item: number, key: number, tie = 0): void {
    if (this.count === this.items.length) this.grow();
    let at = this.count++;
    const order = this.counter++;
    // Sift up with a hole instead of swaps.
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(key, tie, order, parent)) break;
      this.move(parent, at);
      at = parent;
    }
    this.items[at] = item;
    this.keys[at] = key;
    this.ties[at] = tie;
    this.order[at] = order;
  }

  /** The first item in heap order; undefined when empty. */
  pop(): number | undefined {
    if (this.count === 0) return undefined;
    const top = this.items[0];
    const last = --this.count;
    if (last > 0) {
      const item = this.items[last] as number;
      const key = this.keys[last] as number;
      const tie = this.ties[last] as number;
      const order = this.order[last] as number;
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= last) break;
        const r = l + 1;
        const child = r < last && this.less(r, l) ? r : l;
        if (this.before(key, tie, order, child)) break;
        this.move(child, at);
        at = child;
      }
      this.items[at] = item;
      this.keys[at] = key;
      this.ties[at] = tie;
      this.order[at] = order;
    }
    return top;
  }

  /** Whether (key, tie, order) comes before the entry at slot i. */
  private before(key: number, tie: number, order: number, i: number): boolean {
    const k = this.keys[i] as number;
    if (key !== k) return key < k;
    const t = this.ties[i] as number;
    if (tie !== t) return tie > t;
    return order < (this.order[i] as number);
  }

  private less(a: number, b: number): boolean {
    return this.before(this.keys[a] as number, this.ties[a] as number, this.order[a] as number, b);
  }

  private move(from: number, to: number): void {
    this.items[to] = this.items[from] as number;
    this.keys[to] = this.keys[from] as number;
    this.ties[to] = this.ties[from] as number;
    this.order[to] = this.order[from] as number;
  }

  private grow(): void {
    const n = this.items.length * 2;
    const items = new Int32Array(n);
    items.set(this.items);
    this.items = items;
    for (const name of ["keys", "ties", "order"] as const) {
      const next = new Float64Array(n);
      next.set(this[name]);
      this[name] = next;
    }
  }
}
