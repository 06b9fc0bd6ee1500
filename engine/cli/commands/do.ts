import { resolve } from "node:path";
import { Progress } from "../../agent/progress.js";
import { UsageError } from "../../errors.js";
import { EXIT, renderDoReport } from "../../pipeline/report.js";
import { readConfig } from "../../repo/config.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import { AGENT_FLAGS, AGENT_USAGE, parseAgentFlags, providerFor } from "../agent-flags.js";
import type { Command } from "../command.js";
import { interruptOf, stoppable } from "../interrupt.js";
import { parseFlags } from "../parse-flags.js";

const usage = `copperhead do "<request>" ${AGENT_USAGE}`;

/** Exit code of a run stopped by a usage limit: work kept, re-run to resume. */
export const PAUSED_EXIT = EXIT.paused;

/**
 * `copperhead do "<request>"`: one attempt with no stage, committed only when the ledger says
 * every verification obligation is met. Exit 0 committed (or nothing to change), 1 not
 * verified (work stashed, tree restored), 2 bad usage or a dirty tree, 4 paused, 130/143
 * interrupted (work stashed).
 */
export const doCommand: Command = {
  name: "do",
  summary: "carry out one request on the design with the agent; commits only verified work",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, AGENT_FLAGS, usage);
    const request = positionals.join(" ").trim();
    if (request === "") {
      throw new UsageError("no request given", `usage: ${usage}`);
    }
    const flags = parseAgentFlags(values, usage);
    const repo = findRepoRoot(resolve(io.cwd, flags.repo ?? "."));
    const config = await readConfig(repo);
    const provider = await providerFor(flags, { cwd: io.cwd, env: io.env, config, scope: "do" });
    const write = (line: string) => io.stderr.write(`${line}\n`);
    new Progress(write).line(`$ ${request}`);
    // The attempt, the agent loop, its tools and the KiCad code they reach (~450 modules) load
    // only once the request is known to run: a usage or provider error answers without them.
    const { runRequest } = await import("../../pipeline/run-request.js");
    const result = await stoppable(io.signal, write, () =>
      runRequest({
        repo,
        request,
        provider,
        env: io.env,
        write,
        ...(io.signal ? { signal: io.signal } : {}),
        ...(flags["max-turns"] ? { budget: { maxTurns: flags["max-turns"] } } : {}),
      }),
    );
    const rendered = renderDoReport(
      result,
      `copperhead do ${JSON.stringify(request)}`,
      interruptOf(io.signal),
    );
    for (const line of rendered.stderr) write(line);
    for (const line of rendered.stdout) io.stdout.write(`${line}\n`);
    return rendered.exitCode;
  },
};
