import { erc } from "../engine/kicad/cli/erc.js";
import { checkLegibility } from "../engine/kicad/legibility/check-legibility.js";
import { parseLegibilityConfig } from "../engine/kicad/legibility/config.js";
import {
  loadSchematicHierarchy,
  type SchematicHierarchy,
} from "../engine/kicad/schematic/hierarchy.js";
import { scoreSchematic } from "../engine/kicad/score/score-schematic.js";
import type { Bench } from "./bench.js";
import { demoRoots } from "./demo-roots.js";

const ROUNDS = 3;

/**
 * The legibility checker and the scorer over every demo root against `kicad-cli sch erc` over the same roots,
 * one after the other, in the same run. Two rows: end to end (read, parse, typed views, check)
 * and the checker alone on already-loaded hierarchies (what a tool call pays after an edit,
 * and the part the legibility module owns). Ours is the best of ROUNDS; ERC runs once.
 */
export const legibilityBench: Bench = {
  name: "legibility",
  async run() {
    const roots = demoRoots();
    const config = parseLegibilityConfig({});

    let endToEndMs = Number.POSITIVE_INFINITY;
    let checkMs = Number.POSITIVE_INFINITY;
    let findings = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const hierarchies: SchematicHierarchy[] = [];
      let start = performance.now();
      for (const root of roots) {
        const hierarchy = await loadSchematicHierarchy(root);
        scoreSchematic(hierarchy, { legibility: checkLegibility(hierarchy, { config }) });
        hierarchies.push(hierarchy);
      }
      endToEndMs = Math.min(endToEndMs, performance.now() - start);
      start = performance.now();
      findings = 0;
      for (const hierarchy of hierarchies) {
        const report = checkLegibility(hierarchy, { config });
        scoreSchematic(hierarchy, { legibility: report });
        findings += report.counts.error + report.counts.advisory;
      }
      checkMs = Math.min(checkMs, performance.now() - start);
    }

    const start = performance.now();
    for (const root of roots) await erc(root);
    const ercMs = performance.now() - start;

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const target = { op: "<=", value: 0.05 } as const;
    return [
      {
        label: `load + legibility + score, ${roots.length} demo roots`,
        measured: `${s(endToEndMs)} vs kicad-cli sch erc ${s(ercMs)} (${findings} findings)`,
        ratio: endToEndMs / ercMs,
        target,
      },
      {
        label: "legibility + score only (hierarchies loaded)",
        measured: `${s(checkMs)} vs kicad-cli sch erc ${s(ercMs)}`,
        ratio: checkMs / ercMs,
        target,
      },
    ];
  },
};
