import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { adoptPassingStages } from "../engine/flow/adopt.js";
import { listFiles } from "../engine/flow/git-listing.js";
import { readFlow } from "../engine/flow/read-flow.js";
import { buildStatusReport } from "../engine/flow/status-report.js";
import { git } from "../engine/repo/git.js";
import { stageGraph } from "../stages/registry.js";
import type { Bench, BenchRow } from "./bench.js";
import { medianMs } from "./bench.js";

const FILES = 10_000;
const RUNS = 7;

/** Deterministic filler text of varying size (100 B – 6 KB), like sources and exports. */
function body(i: number): string {
  const line = `// file ${i}: generated for the flow-status benchmark ${"x".repeat(i % 60)}\n`;
  return line.repeat(1 + ((i * 7919) % 90));
}

/** examples/led from bench/ when run from source, or from dist/bench/ once built. */
const LED = [join(import.meta.dirname, ".."), join(import.meta.dirname, "..", "..")]
  .map((root) => join(root, "examples", "led"))
  .find((dir) => existsSync(dir));

/**
 * A hardware repo of FILES files: a passing design (the LED example's real KiCad project, since
 * the schematic and layout gates run kicad-cli), firmware sources and fabrication outputs (all
 * fingerprinted by stages), and vendored library files no stage reads.
 */
async function generateRepo(dir: string): Promise<number> {
  if (!LED) throw new Error("examples/led not found beside bench/ or dist/bench/");
  const led = (path: string) => readFile(join(LED, path), "utf8");
  const bom = (await led("docs/BOM.md"))
    .replace(
      "PinHeader_1x02_P2.54mm_Vertical | — |",
      "PinHeader_1x02_P2.54mm_Vertical | 61300211121 |",
    )
    .replace("R_0603_1608Metric | — |", "R_0603_1608Metric | RC0603FR-07330RL |")
    .replace("LED_0603_1608Metric | — |", "LED_0603_1608Metric | 150060RS75000 |");
  const files: Array<[string, string]> = [
    ["brief.md", "# Brief: benchmark board\n\nA board with a lot of files.\n"],
    ["docs/SPEC.md", "# Spec\n\n## Budgets\n\n- 5 V at 1 A\n"],
    ["docs/SUBSYSTEMS.md", "# Subsystems\n\n## Power\n\nA regulator feeds every rail.\n"],
    ["docs/BOM.md", bom],
    ["docs/PINOUT.md", await led("docs/PINOUT.md")],
    ["docs/LAYOUT.md", "# Layout\n\n## Draft quality\n\nFine.\n"],
    ["docs/DEVPLAN.md", "# Plan\n\n## Bring-up\n\nPower first.\n"],
    ["outputs/board.drl", "M48\nM30\n"],
  ];
  for (const file of [
    "led.kicad_pro",
    "led.kicad_sch",
    "led.kicad_pcb",
    "sym-lib-table",
    "fp-lib-table",
  ])
    files.push([`hardware/${file}`, await led(file)]);
  for (let i = files.length; i < FILES; i++) {
    const kind = i % 10;
    const bucket = Math.floor(i / 100);
    if (kind < 4) files.push([`firmware/src/m${bucket}/f${i}.c`, body(i)]);
    else if (kind < 7) files.push([`outputs/panel${bucket}/layer${i}.gbr`, body(i)]);
    else files.push([`hardware/libs/lib${bucket}/part${i}.kicad_sym`, body(i)]);
  }
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return files.length;
}

export const flowStatusBench: Bench = {
  name: "flow-status",
  async run(): Promise<BenchRow[]> {
    const dir = await mkdtemp(join(tmpdir(), "copperhead-bench-flow-"));
    try {
      const count = await generateRepo(dir);
      const run = (...args: string[]) => git(dir, args);
      await run("init", "-q", "-b", "main");
      // No background gc: it would race the cleanup and skew the timings.
      await run("config", "gc.auto", "0");
      await run("config", "maintenance.auto", "false");
      await run("add", "-A");
      await run("-c", "user.name=bench", "-c", "user.email=bench@invalid", "commit", "-qm", "gen");
      const graph = stageGraph();
      await adoptPassingStages(dir, graph);
      await run("add", "-A");
      await run(
        "-c",
        "user.name=bench",
        "-c",
        "user.email=bench@invalid",
        "commit",
        "-qm",
        "adopt",
      );
      // Let the files age past git's racy-timestamp window so both sides see a settled index.
      await new Promise((r) => setTimeout(r, 1500));
      await run("status", "--porcelain");
      await rm(join(dir, ".git/copperhead"), { recursive: true, force: true });

      const query = async () => buildStatusReport(await readFlow(dir, graph));
      const coldStart = performance.now();
      const report = await query();
      const coldMs = performance.now() - coldStart;
      if (report.next.action !== "DONE")
        throw new Error(`bench repo not fully valid: ${JSON.stringify(report.next)}`);
      const matched = (await listFiles(dir, graph.patterns)).size;

      const gitMs = await medianMs(RUNS, () => run("status", "--porcelain"));
      const warmMs = await medianMs(RUNS, query);
      const gitMs2 = await medianMs(RUNS, () => run("status", "--porcelain"));
      const reference = (gitMs + gitMs2) / 2;
      return [
        {
          label: `status query, ${count} files in the repo, ${matched} under stage paths`,
          measured: `${warmMs.toFixed(1)} ms median vs git status ${reference.toFixed(1)} ms`,
          ratio: warmMs / reference,
          target: { op: "<=", value: 2 },
        },
        {
          label: "first status query in a fresh clone (hash cache empty)",
          measured: `${coldMs.toFixed(1)} ms`,
          ratio: coldMs / reference,
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  },
};
