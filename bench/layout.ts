import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { boardSpec } from "../engine/kicad/layout/inputs/board-spec.js";
import { layoutBoard } from "../engine/kicad/layout/layout-board.js";
import type { LayoutInput } from "../engine/kicad/layout/layout-input.js";
import { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { netRatsnest } from "../engine/kicad/layout/report/ratsnest.js";
import { type Bench, type BenchRow, growthRow, medianMs } from "./bench.js";
import { exampleInput, LAYOUT_EXAMPLES, placedBoard } from "./layout-examples.js";
import { randomLegalPlacement } from "./layout-random-placement.js";
import {
  COMMON_FOOTPRINTS,
  footprintPicks,
  randomLayoutInput,
  sizedSpec,
} from "./layout-synthetic.js";

const SIZES = [25, 50, 100, 200, 400];

/**
 * Median CPU time of this process over `runs` calls, ms. Placement is single-threaded and
 * CPU-bound, so on a machine shared with other jobs its own CPU time is the steadier measure
 * of how it scales (wall time swings with the neighbours' load).
 */
async function medianCpuMs(runs: number, fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}
const RANDOM_DRAWS = 5;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Ratsnest of the placer's board against the mean of a few random legal placements of it. */
async function ratsnestRatio(
  input: LayoutInput,
  spec: ReturnType<typeof boardSpec>,
  catalog: FootprintCatalog,
) {
  const laid = await placedBoard(input, spec, catalog);
  const { problem, poses, holes } = laid.placement;
  const ours = sum(netRatsnest(problem, poses));
  const randoms: number[] = [];
  for (let s = 1; randoms.length < RANDOM_DRAWS && s < 4 * RANDOM_DRAWS; s++) {
    const random = randomLegalPlacement(problem, holes, s);
    if (random) randoms.push(sum(netRatsnest(problem, random)));
  }
  return {
    ours,
    random: randoms.length > 0 ? sum(randoms) / randoms.length : Number.NaN,
    draws: randoms.length,
  };
}

/**
 * Placement: time for the bundled examples and for synthetic boards of growing size (the time
 * for each doubling is a ratio against the size before it, measured in the same run), and the
 * ratsnest each placement leaves against a random legal placement of the same board.
 */
export const layoutBench: Bench = {
  name: "layout",
  async run(): Promise<BenchRow[]> {
    const catalog = FootprintCatalog.fromEnv();
    const rows: BenchRow[] = [];
    const work = await mkdtemp(join(tmpdir(), "copperhead-bench-layout-"));
    try {
      for (const name of LAYOUT_EXAMPLES) {
        const { input, spec } = await exampleInput(name, join(work, name));
        const ms = await medianMs(3, () => layoutBoard(input, { spec, catalog }));
        const r = await ratsnestRatio(input, spec, catalog);
        rows.push({
          label: `place the ${name} example (${input.parts.length} parts, ${spec.width} x ${spec.height} mm): ratsnest against a random legal placement`,
          measured: `${ms.toFixed(0)} ms median of 3; ratsnest ${r.ours.toFixed(0)} mm vs ${r.random.toFixed(0)} mm (mean of ${r.draws} random legal placements)`,
          ratio: r.ours / r.random,
          target: { op: "<=", value: 0.75 },
        });
      }
      const picks = await footprintPicks(catalog, COMMON_FOOTPRINTS);
      let previous: number | undefined;
      for (const count of SIZES) {
        const input = randomLayoutInput(picks, count, count, true);
        const spec = sizedSpec(picks, input, 0.3);
        const ms = await medianCpuMs(3, () => layoutBoard(input, { spec, catalog }));
        const r = await ratsnestRatio(input, spec, catalog);
        const measured = `${ms.toFixed(0)} ms CPU (median of 3) on ${spec.width} x ${spec.height} mm; ratsnest ${r.ours.toFixed(0)} vs ${r.random.toFixed(0)} mm random (ratio ${(r.ours / r.random).toFixed(2)})`;
        rows.push(growthRow("place a synthetic", count, ms, previous, measured, 3));
        previous = ms;
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return rows;
  },
};
