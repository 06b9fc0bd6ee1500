#!/usr/bin/env node
// Regenerates engine/kicad/text/stroke-font-advances.json from kicad-cli's own rendering of
// probe sheets. Run after `npm run build` (it uses the compiled engine):
//   npm run build && node scripts/calibrate-font.mjs
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { calibrateFont } = await import(
  join(root, "dist/engine/kicad/text/calibrate/calibrate-font.js")
);
const { kicadCliVersion } = await import(
  join(root, "dist/engine/kicad/text/calibrate/kicad-cli-version.js")
);

const target = join(root, "engine/kicad/text/stroke-font-advances.json");
const table = await calibrateFont({ kicadVersion: await kicadCliVersion() });
writeFileSync(target, `${JSON.stringify(table, null, 2)}\n`);
execFileSync(join(root, "node_modules/.bin/biome"), ["format", "--write", target], {
  stdio: "inherit",
});
console.log(`wrote ${Object.keys(table.glyphs).length} glyphs to ${target}`);
