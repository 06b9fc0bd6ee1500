import { describe, expect, it } from "vitest";
import { sweepCase } from "../../../../bench/layout-sweep.js";
import { allFootprintIds } from "../../../../bench/layout-synthetic.js";
import { FootprintCatalog } from "../../../../engine/kicad/layout/library/footprint-catalog.js";
import { footprintDirs } from "../../../../engine/kicad/layout/library/footprint-dirs.js";

// The full sweep (40 cases) is `npm run bench layout-sweep`; this is its seeded sample.
const SEEDS = [1, 2, 3, 4];

describe("seeded sweep: random small netlists over footprints drawn from KiCad's whole library", () => {
  it("every placed board is free of DRC violations at all severities (only unconnected items remain)", async () => {
    const catalog = FootprintCatalog.fromEnv();
    const ids = await allFootprintIds(footprintDirs());
    const cases = await Promise.all(SEEDS.map((seed) => sweepCase(catalog, ids, seed)));
    for (const c of cases) {
      const found = c.violations.map(
        (v) => `${v.type}: ${v.description} [${v.items.map((i) => i.description).join(" / ")}]`,
      );
      expect(found, `seed ${c.seed} with ${c.footprints.join(", ")}`).toEqual([]);
    }
    const boards = cases.filter((c) => c.skipped === undefined && c.parts > 0);
    expect(boards.length).toBeGreaterThanOrEqual(3);
    expect(boards.every((c) => c.unconnected > 0)).toBe(true);
  });
});
