import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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

/**
 * A hardware repo of FILES files: a passing design, firmware sources and fabrication outputs
 * (all fingerprinted by stages), and vendored library files no stage reads.
 */
async function generateRepo(dir: string): Promise<number> {
  const files: Array<[string, string]> = [
    ["brief.md", "# Brief: benchmark board\n\nA board with a lot of files.\n"],
    ["docs/SPEC.md", "# Spec\n\n## Budgets\n\n- 5 V at 1 A\n"],
    ["docs/SUBSYSTEMS.md", "# Subsystems\n\n## Power\n\nA regulator feeds every rail.\n"],
    ["docs/BOM.md", "| Refdes | MPN |\n|---|---|\n| U1 | TPS62160DSGR |\n"],
    ["docs/PINOUT.md", "# Pinout\n\n| Pin | Net |\n|---|---|\n| 1 | VIN |\n"],
    ["docs/LAYOUT.md", "# Layout\n\n## Draft quality\n\nFine.\n"],
    ["docs/DEVPLAN.md", "# Plan\n\n## Bring-up\n\nPower first.\n"],
    ["hardware/board.kicad_sch", "(kicad_sch (version 20250114))\n"],
    ["hardware/board.kicad_pcb", "(kicad_pcb (version 20241229))\n"],
    ["outputs/board.drl", "M48\nM30\n"],
  ];
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
