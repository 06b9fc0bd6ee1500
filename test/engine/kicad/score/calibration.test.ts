import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkLegibility } from "../../../../engine/kicad/legibility/check-legibility.js";
import { parseLegibilityConfig } from "../../../../engine/kicad/legibility/config.js";
import type { LegibilityReport } from "../../../../engine/kicad/legibility/report.js";
import { loadSchematicHierarchy } from "../../../../engine/kicad/schematic/hierarchy.js";
import { calibrationFile } from "../../../../engine/kicad/score/calibrate/calibration-file.js";
import { corpusRoots } from "../../../../engine/kicad/score/calibrate/corpus-roots.js";
import {
  type DerivedCalibration,
  deriveCalibration,
} from "../../../../engine/kicad/score/calibrate/derive-calibration.js";
import {
  type CorpusEntry,
  measureCorpus,
} from "../../../../engine/kicad/score/calibrate/measure-corpus.js";
import {
  BEGIN_MARKER,
  END_MARKER,
  renderCalibration,
} from "../../../../engine/kicad/score/calibrate/render-calibration.js";
import { CALIBRATED_FLOOR } from "../../../../engine/kicad/score/calibration.js";
import calibrationJson from "../../../../engine/kicad/score/calibration.json" with { type: "json" };
import {
  CAP_FAMILIES,
  scoreSchematic,
  scoreStats,
} from "../../../../engine/kicad/score/score-schematic.js";
import { DEMO_DIR, demoRootSchematics } from "../../../helpers/demo-corpus.js";
import { REPO_ROOT } from "../../../helpers/fixture-project.js";

// Every demo root is loaded once: measured for calibration and checked for legibility.
let corpus: CorpusEntry[];
let derived: DerivedCalibration;
const legibility = new Map<string, LegibilityReport>();

beforeAll(async () => {
  const config = parseLegibilityConfig(undefined);
  // The same call the calibration script makes.
  corpus = await measureCorpus(DEMO_DIR, {
    each: (entry, hierarchy) => legibility.set(entry.name, checkLegibility(hierarchy, { config })),
  });
  derived = deriveCalibration(corpus);
});

describe("score calibration on the KiCad demo sheets", () => {
  it("finds the same root sheets as the test corpus", () => {
    expect(corpusRoots(DEMO_DIR)).toEqual([...demoRootSchematics()].sort());
  });

  it("committed calibration.json is what the corpus gives today", () => {
    expect(calibrationJson).toEqual(calibrationFile(derived));
  });

  it("docs/score.md holds the table the corpus gives today", () => {
    const doc = readFileSync(join(REPO_ROOT, "docs/score.md"), "utf8");
    const begin = doc.indexOf(BEGIN_MARKER);
    const end = doc.indexOf(END_MARKER) + END_MARKER.length;
    expect(begin).toBeGreaterThan(0);
    expect(doc.slice(begin, end)).toBe(renderCalibration(derived));
  });

  it("demo sheets score above the floor unless a capping finding holds them below it", () => {
    const clean: string[] = [];
    const tidinessOnly: string[] = [];
    for (const entry of corpus) {
      const report = legibility.get(entry.name)!;
      const score = scoreStats(entry.stats, entry.sheets, { legibility: report });
      // The floor is set under every demo, so this holds whatever the legibility checker finds.
      expect(score.uncapped, entry.name).toBeGreaterThan(CALIBRATED_FLOOR);
      const capping = report.findings.filter(
        (f) => f.severity === "error" && CAP_FAMILIES.has(f.kind),
      ).length;
      if (capping === 0) {
        clean.push(entry.name);
        if (report.counts.error > 0) tidinessOnly.push(entry.name);
        expect(score.composite, entry.name).toBeGreaterThan(CALIBRATED_FLOOR);
        expect(score.cap, entry.name).toBeNull();
      } else {
        expect(score.composite, entry.name).toBe(CALIBRATED_FLOOR - 1);
        expect(score.cap?.reason, entry.name).toContain(
          `${capping} error-severity legibility finding`,
        );
      }
    }
    // Not vacuous: demo sheets with only tidiness or reviewer findings (a blank title block,
    // half-grid wiring, a sideways ground) keep their score — issue 21's rule.
    expect(clean.length).toBeGreaterThan(0);
    expect(tidinessOnly).toContain("pic_programmer/pic_programmer.kicad_sch");
    expect(tidinessOnly).toContain(
      "simulation/power_supplies/LM317_power_supply/power_supply.kicad_sch",
    );
  });

  it("scores a demo the same on every load", async () => {
    const root = join(DEMO_DIR, "complex_hierarchy/complex_hierarchy.kicad_sch");
    const a = scoreSchematic(await loadSchematicHierarchy(root), { legibility: { error: 0 } });
    const b = scoreSchematic(await loadSchematicHierarchy(root), { legibility: { error: 0 } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.sheets).toBe(3);
  });
});
