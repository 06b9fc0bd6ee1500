import { join, resolve } from "node:path";
import { z } from "zod";
import { UsageError } from "../../errors.js";
import type { BriefSource } from "../../pipeline/create/brief-source.js";
import { CreateProgress } from "../../pipeline/create/create-progress.js";
import { renderCreateEnd } from "../../pipeline/create/render-create.js";
import { runCreate } from "../../pipeline/create/run-create.js";
import { readConfig } from "../../repo/config.js";
import { AGENT_FLAGS, AGENT_USAGE, parseAgentFlags, providerFor } from "../agent-flags.js";
import type { Command } from "../command.js";
import { interruptOf, stoppable } from "../interrupt.js";
import { parseFlags } from "../parse-flags.js";

const usage = `copperhead create ["<sentence>" | --brief <file.md>] [--retries <n>] [--json] ${AGENT_USAGE}`;

const retriesSchema = z
  .string()
  .regex(/^\d+$/, "must be a whole number from 0 to 10")
  .transform(Number)
  .refine((n) => n <= 10, "must be a whole number from 0 to 10");

/** A command-line argument as a shell reads it back. */
function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * `copperhead create "<sentence>"` / `--brief file.md`: one brief in, one commit per stage
 * out. Exit 0 every stage valid, 1 a stage failed (out of attempts, its diagnosis said abort,
 * or the flow escalated), 2 bad usage or someone else's uncommitted work, 4 paused by a usage
 * limit, 130/143 interrupted. Resuming is running the same command again.
 */
export const createCommand: Command = {
  name: "create",
  summary:
    "design a board from a brief: every stage in order, one commit each, retried with a diagnosis when one fails",
  usage: `${usage}
  "<sentence>"    the brief in one sentence (written to brief.md)
  --brief <file>  the brief as a Markdown file (copied to brief.md); without either, the repo's brief.md
  --retries <n>   retries per stage after a failed attempt (default: retries in .copperhead/config.json, 2)
  --json          print the run's report.json on stdout
  --repo <dir>    the folder to design in (default: the current one; made a git repository if it is not one)
  --scripted <d>  replay scripted sessions (<d>/<stage>.json): --provider scripted --script <d>`,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        ...AGENT_FLAGS,
        brief: { type: "string" },
        retries: { type: "string" },
        json: { type: "boolean" },
      },
      usage,
    );
    const { brief: briefFile, retries: retriesText, json, ...agentValues } = values;
    const flags = parseAgentFlags(agentValues, usage);
    const sentence = positionals.join(" ").trim();
    if (sentence !== "" && briefFile !== undefined) {
      throw new UsageError(
        "give the brief as a sentence or as --brief <file>, not both",
        `usage: ${usage}`,
      );
    }
    let retries: number | undefined;
    if (retriesText !== undefined) {
      const parsed = retriesSchema.safeParse(retriesText);
      if (!parsed.success) {
        throw new UsageError(`--retries: ${parsed.error.issues[0]?.message}`, `usage: ${usage}`);
      }
      retries = parsed.data;
    }
    const target = resolve(io.cwd, flags.repo ?? ".");
    const brief: BriefSource =
      briefFile !== undefined
        ? { kind: "file", path: resolve(io.cwd, briefFile) }
        : sentence !== ""
          ? { kind: "sentence", text: sentence }
          : { kind: "existing" };

    // The exact command that picks this run up again, from the same folder: brief.md now
    // holds the brief, and every other flag is repeated as given.
    const again = ["copperhead", "create"];
    if (flags.repo !== undefined) {
      again.push("--repo", flags.repo, "--brief", join(flags.repo, "brief.md"));
    } else again.push("--brief", "brief.md");
    for (const key of ["scripted", "provider", "script", "model", "max-turns"] as const) {
      const value = values[key];
      if (typeof value === "string") again.push(`--${key}`, value);
    }
    if (retriesText !== undefined) again.push("--retries", retriesText);
    const resume = again.map(shellWord).join(" ");

    const stderr = io.stderr as { isTTY?: boolean; columns?: number };
    const tty = stderr.isTTY === true && io.env.TERM !== "dumb" && io.env.CI === undefined;
    const progress = new CreateProgress(
      { write: (text) => io.stderr.write(text) },
      { tty, ...(stderr.columns ? { columns: stderr.columns } : {}) },
    );
    const run = await stoppable(
      io.signal,
      (line) => progress.line(line),
      () =>
        runCreate({
          target,
          brief,
          resume,
          provider: async (stage) =>
            providerFor(flags, {
              cwd: io.cwd,
              env: io.env,
              config: await readConfig(target),
              scope: stage,
            }),
          ...(retries !== undefined ? { retries } : {}),
          ...(flags["max-turns"] ? { budget: { maxTurns: flags["max-turns"] } } : {}),
          env: io.env,
          progress,
          ...(io.signal ? { signal: io.signal } : {}),
        }),
    );
    const rendered = renderCreateEnd(run, resume, interruptOf(io.signal));
    for (const line of rendered.stderr) io.stderr.write(`${line}\n`);
    if (json) {
      io.stdout.write(`${JSON.stringify(run.report?.report ?? null, null, 2)}\n`);
    } else {
      for (const line of rendered.stdout) io.stdout.write(`${line}\n`);
    }
    return rendered.exitCode;
  },
};
