import { resolve } from "node:path";
import { z } from "zod";
import { Progress } from "../../agent/progress.js";
import { createProvider } from "../../agent/providers/create-provider.js";
import { resolveProviderSettings } from "../../agent/providers/provider-settings.js";
import { runRequest } from "../../agent/run-request.js";
import { UsageError } from "../../errors.js";
import { readConfig } from "../../repo/config.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage =
  'copperhead do "<request>" [--provider anthropic|scripted] [--script <file>] [--model <m>] [--max-turns <n>] [--repo <dir>]';

/** Exit code of a run stopped by a usage limit: work kept, re-run to resume. */
export const PAUSED_EXIT = 4;

const flagsSchema = z.object({
  provider: z.string().min(1).optional(),
  script: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  "max-turns": z
    .string()
    .regex(/^[1-9]\d*$/, "must be a positive whole number")
    .transform(Number)
    .optional(),
  repo: z.string().min(1).optional(),
});

/**
 * `copperhead do "<request>"`: one agent run against the repo, committed only when the ledger
 * says every verification obligation is met. Exit 0 committed (or nothing to change), 1 not
 * verified (work stashed, tree restored), 2 bad usage or a dirty tree, 4 paused.
 */
export const doCommand: Command = {
  name: "do",
  summary: "carry out one request on the design with the agent; commits only verified work",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      {
        provider: { type: "string" },
        script: { type: "string" },
        model: { type: "string" },
        "max-turns": { type: "string" },
        repo: { type: "string" },
      },
      usage,
    );
    const request = positionals.join(" ").trim();
    if (request === "") {
      throw new UsageError("no request given", `usage: ${usage}`);
    }
    const parsed = flagsSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(
        `--${String(issue?.path[0] ?? "?")}: ${issue?.message ?? "invalid"}`,
        `usage: ${usage}`,
      );
    }
    const flags = parsed.data;
    const repo = findRepoRoot(resolve(io.cwd, flags.repo ?? "."));
    const config = await readConfig(repo);
    const settings = resolveProviderSettings({
      flags: {
        provider: flags.provider,
        model: flags.model,
        script: flags.script === undefined ? undefined : resolve(io.cwd, flags.script),
      },
      env: io.env,
      config: { provider: config.provider, model: config.model },
    });
    const provider = await createProvider(settings);
    const write = (line: string) => io.stderr.write(`${line}\n`);
    const progress = new Progress(write);
    progress.line(`$ ${request}`);

    const result = await runRequest({
      repo,
      request,
      provider,
      env: io.env,
      write,
      ...(flags["max-turns"] ? { budget: { maxTurns: flags["max-turns"] } } : {}),
    });
    const { run } = result;
    const tokens = run.usage.input + run.usage.output + run.usage.cacheRead + run.usage.cacheWrite;
    const closing = (exit: string, commit?: string) =>
      progress.closing({
        exit,
        verified: run.verified,
        ...(commit ? { commit } : {}),
        wallMs: run.wallMs,
        tokens,
      });
    if (result.droppedStash) {
      write(
        `note: the resumed run redid the paused run's work; its stash ${result.droppedStash} duplicated this commit and was dropped`,
      );
    }
    if (result.stash && result.verdict !== "failed") {
      write(
        `note: the paused run's leftover work was set aside in stash ${result.stash.name} (git stash apply ${result.stash.sha.slice(0, 12)})`,
      );
    }
    switch (result.verdict) {
      case "committed":
        closing("done", result.commit);
        io.stdout.write(`${result.commit}\n`);
        return 0;
      case "unchanged":
        closing("done · nothing to commit");
        return 0;
      case "paused":
        closing("paused");
        write(
          `paused: re-run to resume (${run.summary}). The work so far is kept in the tree; the same command replays the finished turns from the cache.`,
        );
        return PAUSED_EXIT;
      case "failed": {
        closing(run.exit);
        write(`not committed: the run ended ${run.exit}: ${run.summary}`);
        for (const o of result.unmet) write(`  - [${o.kind}] ${o.detail.split("\n")[0]}`);
        if (result.stash) {
          write(
            `the run's work is in stash ${result.stash.name}; the tree is back where it started. Get it back with: git stash apply ${result.stash.sha.slice(0, 12)}`,
          );
        } else {
          write("the run changed nothing; the tree is as it was.");
        }
        write(`transcript: ${run.transcript}`);
        return 1;
      }
    }
  },
};
