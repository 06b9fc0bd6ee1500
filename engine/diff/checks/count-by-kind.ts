import { compareCodePoints } from "../../kicad/sexp/sheet-order.js";

export interface KindCount {
  kind: string;
  before: number;
  after: number;
}

/** Items per kind on each side, every kind either side has, sorted by kind. */
export function countByKind<T>(
  before: readonly T[] | undefined,
  after: readonly T[] | undefined,
  kindOf: (item: T) => string,
): KindCount[] {
  const counts = new Map<string, KindCount>();
  const add = (items: readonly T[] | undefined, side: "before" | "after") => {
    for (const item of items ?? []) {
      const kind = kindOf(item);
      const entry = counts.get(kind) ?? { kind, before: 0, after: 0 };
      entry[side]++;
      counts.set(kind, entry);
    }
  };
  add(before, "before");
  add(after, "after");
  return [...counts.values()].sort((a, b) => compareCodePoints(a.kind, b.kind));
}
