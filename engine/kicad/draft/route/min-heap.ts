/**
 * A binary min-heap of integer items keyed by a number, ties broken by insertion order so a
 * search that pops from it is deterministic.
 */
export class MinHeap {
  private items: number[] = [];
  private keys: number[] = [];
  private order: number[] = [];
  private counter = 0;

  get size(): number {
    return this.items.length;
  }

  push(item: number, key: number): void {
    this.items.push(item);
    this.keys.push(key);
    this.order.push(this.counter++);
    this.up(this.items.length - 1);
  }

  /** The item with the smallest key (the earliest pushed among equals); undefined when empty. */
  pop(): number | undefined {
    const n = this.items.length;
    if (n === 0) return undefined;
    const top = this.items[0];
    const lastItem = this.items.pop() as number;
    const lastKey = this.keys.pop() as number;
    const lastOrder = this.order.pop() as number;
    if (n > 1) {
      this.items[0] = lastItem;
      this.keys[0] = lastKey;
      this.order[0] = lastOrder;
      this.down(0);
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    const ka = this.keys[a] as number;
    const kb = this.keys[b] as number;
    return ka < kb || (ka === kb && (this.order[a] as number) < (this.order[b] as number));
  }

  private swap(a: number, b: number): void {
    const { items, keys, order } = this;
    [items[a], items[b]] = [items[b] as number, items[a] as number];
    [keys[a], keys[b]] = [keys[b] as number, keys[a] as number];
    [order[a], order[b]] = [order[b] as number, order[a] as number];
  }

  private up(i: number): void {
    let at = i;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.less(at, parent)) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private down(i: number): void {
    const n = this.items.length;
    let at = i;
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let best = at;
      if (l < n && this.less(l, best)) best = l;
      if (r < n && this.less(r, best)) best = r;
      if (best === at) return;
      this.swap(at, best);
      at = best;
    }
  }
}
