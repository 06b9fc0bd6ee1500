import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drc } from "../engine/kicad/cli/drc.js";
import { clearLayoutProject, writeLayout } from "../engine/kicad/layout/layout-project.js";
import { FootprintCatalog } from "../engine/kicad/layout/library/footprint-catalog.js";
import { routeBoard } from "../engine/kicad/layout/route/route-board.js";
import { type Bench, type BenchRow, growthRow } from "./bench.js";
import { exampleInput, LAYOUT_EXAMPLES, placedBoard } from "./layout-examples.js";
import {
  COMMON_FOOTPRINTS,
  footprintPicks,
  randomLayoutInput,
  sizedSpec,
} from "./layout-synthetic.js";

const SIZES = [25, 50, 100, 200];

/** CPU ms of one route (the router is single-threaded; its own CPU time is the steady measure). */
function routeCpu(laid: Awaited<ReturnType<typeof placedBoard>>) {
  const start = process.cpuUsage();
  const result = routeBoard(laid.model, { classes: laid.classes });
  const used = process.cpuUsage(start);
  return { result, ms: (used.user + used.system) / 1000 };
}

/**
 * Routing: for each bundled example, the router's time against one kicad-cli DRC of the same
 * routed board (measured in the same run), track length against the ratsnest's minimum spanning
 * tree, vias per net and the routed share; then synthetic boards of growing size (time per
 * doubling as a ratio against the size before it).
 */
export const routeBench: Bench = {
  name: "route",
  async run(): Promise<BenchRow[]> {
    const catalog = FootprintCatalog.fromEnv();
    const rows: BenchRow[] = [];
    const work = await mkdtemp(join(tmpdir(), "copperhead-bench-route-"));
    try {
      for (const name of LAYOUT_EXAMPLES) {
        const { project, input, spec } = await exampleInput(name, join(work, name));
        const laid = await placedBoard(input, spec, catalog);
        const { result, ms } = routeCpu(laid);
        const written = await writeLayout({
          board: project.board,
          laid,
          env: process.env,
          scope: await clearLayoutProject(project.board, process.env),
        });
        const started = performance.now();
        const report = await drc(project.board);
        const drcMs = performance.now() - started;
        const nets = result.nets;
        const routed = nets.filter((n) => n.routed).length;
        const length = nets.reduce((s, n) => s + n.length, 0);
        const mst = nets.reduce((s, n) => s + n.mst, 0);
        const vias = nets.reduce((s, n) => s + n.vias, 0);
        const findings = `${report.violations.length} violation(s), ${report.unconnected.length} unconnected`;
        rows.push(
          {
            label: `route the ${name} example (${input.parts.length} parts, ${nets.length} nets) vs one kicad-cli DRC of the routed board`,
            measured: `${ms.toFixed(0)} ms CPU routing, ${drcMs.toFixed(0)} ms DRC; ${routed}/${nets.length} nets routed, ${written.report.routing?.rounds ?? 0} round(s); DRC ${findings}`,
            ratio: ms / drcMs,
            ...(name === "mcu-opamp-board" ? { target: { op: "<=" as const, value: 5 } } : {}),
          },
          {
            label: `route the ${name} example: track length / ratsnest MST`,
            measured: `${length.toFixed(0)} mm of track, ${mst.toFixed(0)} mm MST; ${vias} vias (${(vias / Math.max(1, nets.length)).toFixed(2)} per net)`,
            ratio: length / mst,
            target: { op: "<=", value: 1.5 },
          },
          {
            label: `route the ${name} example: routed share`,
            measured: `${routed}/${nets.length} nets${
              result.nets.some((n) => !n.routed)
                ? `; not routed: ${nets
                    .filter((n) => !n.routed)
                    .map((n) => n.net)
                    .join(", ")}`
                : ""
            }`,
            ratio: routed / Math.max(1, nets.length),
            target: { op: ">=", value: 1 },
          },
        );
      }
      const picks = await footprintPicks(catalog, COMMON_FOOTPRINTS);
      let previous: number | undefined;
      for (const count of SIZES) {
        const input = randomLayoutInput(picks, count, count, true);
        const spec = sizedSpec(picks, input, 0.3);
        const laid = await placedBoard(input, spec, catalog);
        const { result, ms } = routeCpu(laid);
        const routed = result.nets.filter((n) => n.routed).length;
        const measured = `${ms.toFixed(0)} ms CPU on ${spec.width} x ${spec.height} mm; ${routed}/${result.nets.length} nets routed, ${result.rounds} round(s), ${result.nets.reduce((s, n) => s + n.vias, 0)} vias`;
        rows.push(growthRow("route a synthetic", count, ms, previous, measured, 4));
        previous = ms;
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return rows;
  },
};
