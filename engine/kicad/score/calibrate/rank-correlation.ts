import { CopperheadError } from "../../../errors.js";

/**
 * Ranks of `values`, 1 for the largest, ties sharing the mean of the ranks they span (the
 * "fractional ranking" Spearman's coefficient needs).
 */
export function fractionalRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.v === order[start]!.v) end++;
    for (let k = start; k <= end; k++) ranks[order[k]!.i] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation between a reviewer's ranking (1 = best) and scores (higher =
 * better): the Pearson correlation of the two rank vectors, so ties are handled exactly.
 * 1 means the scores order the sheets as the reviewer did, −1 the reverse.
 */
export function spearman(reviewRanks: readonly number[], scores: readonly number[]): number {
  if (reviewRanks.length !== scores.length || scores.length < 3) {
    throw new CopperheadError(
      `a rank correlation needs two equally long lists of at least 3 values; got ${reviewRanks.length} and ${scores.length}`,
      "pass one score per ranked sheet",
    );
  }
  const a = fractionalRanks(reviewRanks.map((r) => -r));
  const b = fractionalRanks(scores);
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return va === 0 || vb === 0 ? 0 : cov / Math.sqrt(va * vb);
}
