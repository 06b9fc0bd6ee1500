import { resolve } from "node:path";
import { stageGraph } from "../../../stages/registry.js";
import { describeError, UsageError } from "../../errors.js";
import { recordSignoff, SignoffRefused } from "../../flow/signoff.js";
import { git } from "../../repo/git.js";
import { findRepoRoot } from "../../repo/repo-root.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = 'copperhead signoff <stage> --reason "…" [--by NAME] [--repo DIR]';

async function whoAmI(repo: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const name = (await git(repo, ["config", "user.name"])).trim();
    const email = (await git(repo, ["config", "user.email"]).catch(() => "")).trim();
    if (name) return email ? `${name} <${email}>` : name;
  } catch {
    // No git identity configured: fall back to the login name.
  }
  const login = env.USER ?? env.USERNAME;
  if (login) return login;
  throw new UsageError("cannot tell who is signing off", "pass --by NAME");
}

export const signoffCommand: Command = {
  name: "signoff",
  summary: "record a person's acceptance of a stage's current valid pass, with a reason",
  usage,
  async run(args, io) {
    const { values, positionals } = parseFlags(
      args,
      { reason: { type: "string" }, by: { type: "string" }, repo: { type: "string" } },
      usage,
    );
    const graph = stageGraph();
    const [stage, ...extra] = positionals;
    if (!stage || extra.length > 0) {
      throw new UsageError(
        "name exactly one stage",
        `usage: ${usage}; stages: ${graph.order.join(", ")}`,
      );
    }
    if (!graph.stages.has(stage)) {
      throw new UsageError(`unknown stage '${stage}'`, `use one of: ${graph.order.join(", ")}`);
    }
    const reason = values.reason?.trim();
    if (!reason) throw new UsageError("a signoff needs a reason", `usage: ${usage}`);
    const repo = findRepoRoot(resolve(io.cwd, values.repo ?? "."));
    const by = values.by?.trim() || (await whoAmI(repo, io.env));
    try {
      const event = await recordSignoff(repo, graph, { stage, reason, by, via: "cli" });
      io.stdout.write(`signed off ${stage} (outcome ${event.outcome}) by ${by}: ${reason}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof SignoffRefused)) throw error;
      io.stderr.write(`copperhead signoff: ${describeError(error)}\n`);
      return 1;
    }
  },
};
