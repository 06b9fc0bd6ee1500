/** Five-number summary of a sample. */
export interface Spread {
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

/**
 * The p-quantile (0 ≤ p ≤ 1) of a sample by linear interpolation between order statistics
 * (Hyndman & Fan type 7, the default of R and NumPy), so anyone can recompute the table.
 */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError("quantile of an empty sample");
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export function spread(values: readonly number[]): Spread {
  return {
    min: quantile(values, 0),
    p25: quantile(values, 0.25),
    median: quantile(values, 0.5),
    p75: quantile(values, 0.75),
    max: quantile(values, 1),
  };
}
