/**
 * A benchmark compares copperhead against a reference measured in the same run, so results are
 * ratios that survive noisy shared machines. `target` states the goal as a ratio bound.
 */
export interface BenchRow {
  label: string;
  /** Human-readable measurements (times, sizes, throughput). */
  measured: string;
  ratio?: number;
  target?: { op: "<=" | ">="; value: number };
}

export interface Bench {
  name: string;
  run(): Promise<BenchRow[]>;
}

export function meetsTarget(row: BenchRow): boolean | undefined {
  if (row.ratio === undefined || !row.target) return undefined;
  return row.target.op === "<=" ? row.ratio <= row.target.value : row.ratio >= row.target.value;
}

/** Median wall time of `runs` calls, in ms. */
export async function medianMs(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * A row of a size sweep: the first size alone, each later one as a ratio of its time against the
 * size before it (`what` is the verb and object: "place a synthetic", "route a synthetic").
 */
export function growthRow(
  what: string,
  count: number,
  ms: number,
  previous: number | undefined,
  measured: string,
  limit: number,
): BenchRow {
  return previous === undefined
    ? { label: `${what} ${count}-part board`, measured }
    : {
        label: `${what} ${count}-part board vs the ${count / 2}-part one (growth per doubling)`,
        measured,
        ratio: ms / previous,
        target: { op: "<=", value: limit },
      };
}
