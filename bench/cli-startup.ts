import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Bench, BenchRow } from "./bench.js";

const RUNS = 10;
/** dist/engine/cli/main.js, beside dist/bench/ (the bench runs built). */
const CLI = join(import.meta.dirname, "..", "engine", "cli", "main.js");

/**
 * CPU seconds (user + sys) of this process's waited-for children so far, from /proc/self/stat
 * (cutime, cstime): the children's own CPU, which wall time on a shared machine is not.
 */
function childCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of stat(5), counted after the ")" that ends field 2.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return ticks / 100;
}

/** Mean CPU seconds of one `node <args>` run, over RUNS runs. */
function cpuPerRun(args: string[]): number {
  const before = childCpuSeconds();
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    if (run.status !== 0 && run.status !== 2) {
      throw new Error(`node ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
    }
  }
  return (childCpuSeconds() - before) / RUNS;
}

/**
 * What one spawn of the built CLI costs before it does any work, against a bare `node -e 0`.
 * Tests spawn the CLI hundreds of times, so this is most of their CPU: `help` imports no
 * command at all, and a command imports only its own module (engine/cli/registry.ts). With every
 * command imported eagerly each of these was ~13-14x (all the same); `help` is the sharp guard,
 * the command rows leave room for a noisy machine and for commands growing.
 */
export const cliStartupBench: Bench = {
  name: "cli-startup",
  async run(): Promise<BenchRow[]> {
    const reference = cpuPerRun(["-e", "0"]);
    const row = (label: string, args: string[], target: number): BenchRow => {
      const cpu = cpuPerRun([CLI, ...args]);
      return {
        label: `${label}: CPU per spawn vs \`node -e 0\``,
        measured: `${(cpu * 1000).toFixed(0)} ms vs ${(reference * 1000).toFixed(0)} ms`,
        ratio: cpu / reference,
        target: { op: "<=", value: target },
      };
    };
    return [
      row("copperhead help", ["help"], 2),
      row("copperhead status --help (the flow commands' imports)", ["status", "--help"], 12),
      row("copperhead check --help (kicad-cli and the checkers)", ["check", "--help"], 9),
      row("copperhead do --help (the agent and its SDK)", ["do", "--help"], 12),
    ];
  },
};
