import { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { footprintDirs } from "../engine/kicad/layout/library/footprint-dirs.js";
import type { Bench, BenchRow } from "./bench.js";
import { sweepCase } from "./layout-sweep.js";
import { allFootprintIds } from "./layout-synthetic.js";

const CASES = 40;

/**
 * The full seeded sweep (npm test runs four of its cases): random small netlists over footprints
 * drawn from KiCad's whole library, placed and judged by kicad-cli DRC. The ratio is the share
 * of boards DRC finds free of violations (unconnected items aside): it must be all of them.
 */
export const layoutSweepBench: Bench = {
  name: "layout-sweep",
  async run(): Promise<BenchRow[]> {
    const catalog = FootprintCatalog.fromEnv();
    const ids = await allFootprintIds(footprintDirs());
    const seeds = Array.from({ length: CASES }, (_, i) => 10 + i);
    const cases = await Promise.all(seeds.map((seed) => sweepCase(catalog, ids, seed)));
    const boards = cases.filter((c) => c.skipped === undefined && c.parts > 0);
    const clean = boards.filter((c) => c.violations.length === 0);
    const intrinsic = cases.flatMap((c) => c.intrinsic);
    const kinds = [...new Set(intrinsic.flatMap((i) => i.types))].sort();
    const failing = boards
      .filter((c) => c.violations.length > 0)
      .map((c) => `seed ${c.seed}: ${c.violations.map((v) => v.type).join(", ")}`);
    return [
      {
        label: `${CASES} random boards over ${cases.reduce((n, c) => n + c.footprints.length, 0)} footprints drawn from the whole library: DRC-clean share`,
        measured: `${clean.length}/${boards.length} boards clean${failing.length > 0 ? ` (${failing.join("; ")})` : ""}; ${intrinsic.length} footprint(s) left out for breaking the default rules by themselves (${kinds.join(", ") || "none"})`,
        ratio: boards.length > 0 ? clean.length / boards.length : 0,
        target: { op: ">=", value: 1 },
      },
    ];
  },
};
