#!/usr/bin/env node
// Drafts and lays out each bundled example (examples/intents + examples/layout constraints) and
// writes what a person judges the placement and routing by into docs/layout/: both copper layers
// together, the copper of each side with the outline, the front silkscreen, and kicad-cli's 3D
// render. Run after `npm run build`:
//   npm run build && node scripts/render-layouts.mjs
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const { LAYOUT_EXAMPLES, prepareExample, layoutExample } = await import(
  join(dist, "bench/layout-examples.js")
);
const { renderSvg } = await import(join(dist, "engine/kicad/cli/render-svg.js"));
const { renderBoardPng } = await import(join(dist, "engine/kicad/cli/render-board-png.js"));
const { exportDate, normalizeDates } = await import(
  join(dist, "engine/kicad/export/normalize-dates.js")
);

const out = join(root, "docs/layout");
const views = [
  ["copper", ["F.Cu", "B.Cu", "Edge.Cuts"]],
  ["front", ["F.Cu", "F.SilkS", "Edge.Cuts"]],
  ["back", ["B.Cu", "Edge.Cuts"]],
  ["silkscreen", ["F.SilkS", "Edge.Cuts"]],
];
const work = await mkdtemp(join(tmpdir(), "copperhead-render-layouts-"));
try {
  for (const name of LAYOUT_EXAMPLES) {
    const project = await prepareExample(name, join(work, name));
    const result = await layoutExample(project);
    if (!result.ok) throw new Error(`${name}: ${result.findings.map((f) => f.detail).join("; ")}`);
    for (const [view, layers] of views) {
      const svg = join(out, `${name}-${view}.svg`);
      await renderSvg(project.board, svg, { layers });
      // kicad-cli stamps each SVG with the wall clock; the board has no date, so the fixed one
      // the exports use keeps a re-render byte-identical when the placement did not change.
      await writeFile(svg, normalizeDates(svg, await readFile(svg, "utf8"), exportDate(undefined)));
    }
    await renderBoardPng(project.board, join(out, `${name}-render.png`), {
      width: 1400,
      height: 1000,
    });
    const routing = result.report.routing;
    process.stdout.write(
      `${name}: ${result.report.parts} parts, ratsnest ${Math.round(result.report.ratsnest)} mm, ${routing ? `${routing.routed}/${routing.nets} nets routed, ${routing.vias} vias, ${Math.round(routing.length)} mm of track` : "not routed"}\n`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
