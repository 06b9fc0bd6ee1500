import { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { footprintDirs } from "../engine/kicad/layout/library/footprint-dirs.js";
import type { Bench, BenchRow } from "./bench.js";
import { sweepCase } from "./layout-sweep.js";
import { allFootprintIds } from "./layout-synthetic.js";

const CASES = 60;

/** `SWEEP_SEEDS=30,41` re-measures a few cases of the sweep instead of all 60 (seeds 10–69). */
function sweepSeeds(): number[] {
  const listed = (process.env.SWEEP_SEEDS ?? "")
    .split(",")
    .map((s) => Number.parseInt(s.trim(), 10))
    .filter((n) => Number.isInteger(n));
  return listed.length > 0 ? listed : Array.from({ length: CASES }, (_, i) => 10 + i);
}

/**
 * The full seeded sweep (`npm run fuzz:route`; npm test runs six of its cases): random small netlists
 * over footprints drawn from KiCad's whole library, placed, routed and judged by kicad-cli DRC.
 * The first ratio is the share of boards DRC finds free of violations the router added (the
 * placed board's own are counted apart): it must be all of them. The second is the share of
 * boards the router called fully routed that DRC finds with no finding at all, unconnected
 * items included: all of them too. The third is how many boards route fully.
 */
export const layoutSweepBench: Bench = {
  name: "layout-sweep",
  async run(): Promise<BenchRow[]> {
    const catalog = FootprintCatalog.fromEnv();
    const ids = await allFootprintIds(footprintDirs());
    const seeds = sweepSeeds();
    const cases = await Promise.all(seeds.map((seed) => sweepCase(catalog, ids, seed)));
    const boards = cases.filter((c) => c.skipped === undefined && c.parts > 0);
    const clean = boards.filter((c) => c.violations.length === 0);
    const intrinsic = cases.flatMap((c) => c.intrinsic);
    const kinds = [...new Set(intrinsic.flatMap((i) => i.types))].sort();
    const failing = boards
      .filter((c) => c.violations.length > 0)
      .map((c) => `seed ${c.seed}: ${c.violations.map((v) => v.type).join(", ")}`);
    const routed = boards.filter((c) => c.routed);
    const routedClean = routed.filter((c) => c.violations.length === 0 && c.unconnected === 0);
    const placementFaults = boards
      .filter((c) => (c.placementViolations ?? []).length > 0)
      .map((c) => `seed ${c.seed}: ${(c.placementViolations ?? []).map((v) => v.type).join(", ")}`);
    const partial = boards
      .filter((c) => !c.routed)
      .map((c) => `seed ${c.seed}: ${(c.unroutedReasons ?? c.unroutedNets ?? []).join(", ")}`);
    return [
      {
        label: `${seeds.length} random boards: fully routed boards with no DRC finding at all (unconnected items included)`,
        measured: `${routedClean.length}/${routed.length} clean`,
        ratio: routed.length > 0 ? routedClean.length / routed.length : 0,
        target: { op: ">=", value: 1 },
      },
      {
        label: `${seeds.length} random boards: share the router routes fully`,
        measured: `${routed.length}/${boards.length} fully routed${partial.length > 0 ? `; unrouted nets named: ${partial.join("; ")}` : ""}${placementFaults.length > 0 ? `; placement's own violations (before routing): ${placementFaults.join("; ")}` : ""}`,
        ratio: boards.length > 0 ? routed.length / boards.length : 0,
      },
      {
        label: `${seeds.length} random boards over ${cases.reduce((n, c) => n + c.footprints.length, 0)} footprints drawn from the whole library: no violation the router added`,
        measured: `${clean.length}/${boards.length} boards clean${failing.length > 0 ? ` (${failing.join("; ")})` : ""}; ${intrinsic.length} footprint(s) left out for breaking the default rules by themselves (${kinds.join(", ") || "none"})`,
        ratio: boards.length > 0 ? clean.length / boards.length : 0,
        target: { op: ">=", value: 1 },
      },
    ];
  },
};
