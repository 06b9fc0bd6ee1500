import { resolve } from "node:path";
import { stageGraph } from "../../../stages/registry.js";
import { maxOf } from "../../array-ops.js";
import { describeAction, describeStatus } from "../../flow/describe.js";
import type { LogProblem } from "../../flow/event-log.js";
import { readFlow } from "../../flow/read-flow.js";
import { EVENTS_PATH } from "../../flow/run-paths.js";
import { buildStatusReport } from "../../flow/status-report.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import type { CliIo, Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = "copperhead status [--json] [--repo DIR]";

/** Skipped log lines go to stderr so piped JSON stays clean. */
export function warnProblems(io: CliIo, problems: readonly LogProblem[]): void {
  for (const p of problems) {
    io.stderr.write(`warning: ${EVENTS_PATH} line ${p.line}: ${p.reason} — skipped\n`);
  }
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => maxOf(cells.map((row) => row[i]!.length)));
  return cells
    .map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]!))).join("  "))
    .map((line) => line.trimEnd())
    .join("\n");
}

export const statusCommand: Command = {
  name: "status",
  summary: "show every stage's state (missing, in-flight, blocked, failed, valid, stale) and why",
  usage,
  async run(args, io) {
    const { values } = parseFlags(
      args,
      { json: { type: "boolean" }, repo: { type: "string" } },
      usage,
    );
    const repo = findRepoRoot(resolve(io.cwd, values.repo ?? "."));
    const flow = await readFlow(repo, stageGraph());
    const report = buildStatusReport(flow);
    warnProblems(io, flow.problems);
    if (values.json) {
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    const rows = [["stage", "state", "attempt", "why"]];
    for (const name of flow.graph.order) {
      const s = flow.statuses.get(name)!;
      rows.push([name, s.state, s.attempt === 0 ? "—" : String(s.attempt), describeStatus(s)]);
    }
    io.stdout.write(`${pad(rows)}\n\nnext: ${describeAction(report.next)}\n`);
    return 0;
  },
};
