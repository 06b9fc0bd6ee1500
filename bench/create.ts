import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { locateKicadCli } from "../engine/kicad/cli/locate-kicad-cli.js";
import type { Bench, BenchRow } from "./bench.js";
import { medianMs } from "./bench.js";

const RUNS = 5;

/** The checkout root from bench/ when run from source, or from dist/bench/ once built. */
const ROOT = [join(import.meta.dirname, ".."), join(import.meta.dirname, "..", "..")].find((dir) =>
  existsSync(join(dir, "examples", "usb-c-breakout", "sessions")),
);

/**
 * A kicad-cli that times the real one: each call appends its wall time in ms to `log`. The
 * engine runs it like any kicad-cli (COPPERHEAD_KICAD_CLI), hermetic environment and all.
 */
async function timingWrapper(dir: string, real: string, log: string): Promise<string> {
  const file = join(dir, "kicad-cli");
  await writeFile(
    file,
    [
      "#!/bin/sh",
      "start=$(date +%s%N)",
      `"${real}" "$@"`,
      "rc=$?",
      "end=$(date +%s%N)",
      `echo $(( (end - start) / 1000000 )) >> "${log}"`,
      "exit $rc",
      "",
    ].join("\n"),
  );
  await chmod(file, 0o755);
  return file;
}

/**
 * The offline demo end to end: its wall time against the kicad-cli calls it makes (what is
 * not KiCad's is copperhead's: the agent loop, gates, git, writes), and a second `create` on
 * the finished demo — resuming a design with nothing left to do — against `copperhead status`
 * on the same repository.
 */
export const createBench: Bench = {
  name: "create",
  async run(): Promise<BenchRow[]> {
    if (!ROOT) throw new Error("examples/usb-c-breakout not found beside bench/ or dist/bench/");
    const bin = join(ROOT, "dist/engine/cli/main.js");
    const example = join(ROOT, "examples/usb-c-breakout");
    const dir = await mkdtemp(join(tmpdir(), "copperhead-bench-create-"));
    try {
      const log = join(dir, "kicad-cli.ms");
      const env = {
        ...process.env,
        COPPERHEAD_KICAD_CLI: await timingWrapper(dir, await locateKicadCli(process.env), log),
      };
      const repo = join(dir, "usb-c-breakout");
      const create = [
        bin,
        "create",
        "--brief",
        join(example, "brief.md"),
        "--scripted",
        join(example, "sessions"),
      ];
      const start = performance.now();
      const demo = await execa("node", [...create, "--repo", repo], { env, reject: false });
      const demoMs = performance.now() - start;
      if (demo.exitCode !== 0) {
        throw new Error(`the demo failed (exit ${demo.exitCode}): ${demo.stderr.slice(-2000)}`);
      }
      const calls = (await readFile(log, "utf8")).trim().split("\n").map(Number);
      const kicadMs = calls.reduce((a, b) => a + b, 0);

      const again = () => execa("node", [...create, "--repo", repo], { env, reject: false });
      const status = () => execa("node", [bin, "status", "--repo", repo], { env });
      await again(); // warm the caches both sides use
      const statusMs = await medianMs(RUNS, status);
      const againMs = await medianMs(RUNS, async () => {
        const run = await again();
        if (run.exitCode !== 0) throw new Error(`the rerun failed: ${run.stderr}`);
      });
      const statusMs2 = await medianMs(RUNS, status);
      const reference = (statusMs + statusMs2) / 2;
      return [
        {
          label: "the offline demo (8 stages) against the kicad-cli calls it makes",
          measured: `${(demoMs / 1000).toFixed(1)} s wall, ${calls.length} kicad-cli calls summing to ${(kicadMs / 1000).toFixed(1)} s`,
          ratio: demoMs / kicadMs,
          target: { op: "<=", value: 2 },
        },
        {
          label: "create again on the finished demo against copperhead status on it",
          measured: `${againMs.toFixed(0)} ms median vs status ${reference.toFixed(0)} ms`,
          ratio: againMs / reference,
          target: { op: "<=", value: 1.5 },
        },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  },
};
