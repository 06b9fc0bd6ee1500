/** Disjoint sets over 0…n-1 (grown on demand), with path halving and union by size. */
export class UnionFind {
  private parent: number[] = [];
  private size: number[] = [];

  /** Adds a new singleton set and returns its element. */
  add(): number {
    const id = this.parent.length;
    this.parent.push(id);
    this.size.push(1);
    return id;
  }

  get count(): number {
    return this.parent.length;
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      const grand = parent[parent[x]!]!;
      parent[x] = grand;
      x = grand;
    }
    return x;
  }

  union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
    return ra;
  }
}
