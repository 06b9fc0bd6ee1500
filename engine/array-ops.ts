// Spreading an array into a call (`Math.max(...xs)`, `out.push(...xs)`) puts every element on
// the stack: past about 100k elements Node throws "Maximum call stack size exceeded". A sheet
// with 50k ERC violations or a log of 200k events is bad input, never a crash, so loops it is.

/** The largest value, or `empty` when there is none. */
export function maxOf(values: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let best: number | undefined;
  for (const value of values) best = best === undefined ? value : Math.max(best, value);
  return best ?? empty;
}

/** The smallest value, or `empty` when there is none. */
export function minOf(values: Iterable<number>, empty = Number.POSITIVE_INFINITY): number {
  let best: number | undefined;
  for (const value of values) best = best === undefined ? value : Math.min(best, value);
  return best ?? empty;
}

/** Appends every item to `into` (which it returns), however many there are. */
export function pushAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) into.push(item);
  return into;
}
