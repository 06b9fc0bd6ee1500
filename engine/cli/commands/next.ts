import { resolve } from "node:path";
import { stageGraph } from "../../../stages/registry.js";
import { adoptPassingStages } from "../../flow/adopt.js";
import { describeAction, describeAdoption } from "../../flow/describe.js";
import { readFlow } from "../../flow/read-flow.js";
import { buildStatusReport } from "../../flow/status-report.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";
import { warnProblems } from "./status.js";

const usage = "copperhead next [--json] [--adopt] [--repo DIR]";

export const nextCommand: Command = {
  name: "next",
  summary: "print the scheduler's next action (DISPATCH, REAP, YIELD, ESCALATE or DONE)",
  usage: `${usage}\n  --adopt  first record adopted passes for stages never run whose gate already passes`,
  async run(args, io) {
    const { values } = parseFlags(
      args,
      { json: { type: "boolean" }, adopt: { type: "boolean" }, repo: { type: "string" } },
      usage,
    );
    const repo = findRepoRoot(resolve(io.cwd, values.repo ?? "."));
    const graph = stageGraph();
    const adoptions = values.adopt ? await adoptPassingStages(repo, graph) : [];
    const flow = await readFlow(repo, graph);
    warnProblems(io, flow.problems);
    const { next } = buildStatusReport(flow);
    if (values.json) {
      const adopted = adoptions.map((a) => ({
        stage: a.stage,
        adopted: a.adopted,
        evidence: a.evidence,
      }));
      io.stdout.write(`${JSON.stringify({ schema: 1, next, adoptions: adopted }, null, 2)}\n`);
      return 0;
    }
    for (const a of adoptions) io.stdout.write(`${describeAdoption(a)}\n`);
    io.stdout.write(`${describeAction(next)}\n`);
    return 0;
  },
};
