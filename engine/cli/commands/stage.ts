import { AGENT_FLAGS, AGENT_USAGE, parseAgentFlags } from "../agent-flags.js";
import type { Command } from "../command.js";
import { onePositional, parseFlags } from "../parse-flags.js";
import { runStageFace } from "../stage-face.js";

const usage = `copperhead stage <name> [--json] [--force] [--fresh] ${AGENT_USAGE}`;

/**
 * `copperhead stage <name>`: one attempt of one stage, what each workflow job runs. Exit 0
 * passed (or already valid), 1 the attempt failed (gate or run), 2 bad usage or a dirty tree,
 * 4 paused by a usage limit, 5 refused (an upstream stage is not valid), 130/143 interrupted.
 */
export const stageCommand: Command = {
  name: "stage",
  summary:
    "run one stage attempt: skip it when valid, refuse it when upstream is not, else run, gate and commit",
  usage: `${usage}
  --json   print the report (with the attempt's outcome.json) on stdout
  --force  run even when the stage is valid
  --fresh  do not put the last attempt's kept work back into a tree that no longer holds it`,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        ...AGENT_FLAGS,
        json: { type: "boolean" },
        force: { type: "boolean" },
        fresh: { type: "boolean" },
      },
      usage,
    );
    const stage = onePositional(positionals, "stage name", usage);
    const { json, force, fresh, ...agentValues } = values;
    const flags = parseAgentFlags(agentValues, usage);
    const rendered = await runStageFace(
      { stage, flags, ...(force ? { force } : {}), ...(fresh ? { fresh } : {}) },
      io,
    );
    if (json) io.stdout.write(`${JSON.stringify(rendered.report, null, 2)}\n`);
    else for (const line of rendered.stdout) io.stdout.write(`${line}\n`);
    return rendered.exitCode;
  },
};
