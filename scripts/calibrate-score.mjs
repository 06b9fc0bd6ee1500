#!/usr/bin/env node
// Re-derives the scorer's calibration from KiCad's demo sheets and writes it where it is used:
// engine/kicad/score/calibration.json (good values and floor) and the generated section of
// docs/score.md (the per-metric min/median/max table and the per-sheet composites).
// Run after `npm run build` (it uses the compiled engine):
//   npm run build && node scripts/calibrate-score.mjs [demos-folder]
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const calibrate = join(root, "dist/engine/kicad/score/calibrate");
const { measureCorpus } = await import(join(calibrate, "measure-corpus.js"));
const { deriveCalibration } = await import(join(calibrate, "derive-calibration.js"));
const { calibrationFile } = await import(join(calibrate, "calibration-file.js"));
const { renderCalibration, replaceCalibrationSection } = await import(
  join(calibrate, "render-calibration.js")
);

const demos = process.argv[2] ?? process.env.COPPERHEAD_KICAD_DEMOS ?? "/usr/share/kicad/demos";
const derived = deriveCalibration(await measureCorpus(demos));

const jsonPath = join(root, "engine/kicad/score/calibration.json");
writeFileSync(jsonPath, `${JSON.stringify(calibrationFile(derived), null, 2)}\n`);
execFileSync(join(root, "node_modules/.bin/biome"), ["format", "--write", jsonPath], {
  stdio: "inherit",
});

const docPath = join(root, "docs/score.md");
const doc = readFileSync(docPath, "utf8");
writeFileSync(docPath, replaceCalibrationSection(doc, renderCalibration(derived)));
console.log(
  `calibrated on ${derived.corpus}: floor ${derived.floor}; wrote ${jsonPath} and ${docPath}`,
);
