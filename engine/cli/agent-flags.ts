import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { z } from "zod";
import { createProvider } from "../agent/providers/create-provider.js";
import type { Provider } from "../agent/providers/provider.js";
import { resolveProviderSettings } from "../agent/providers/provider-settings.js";
import { UsageError } from "../errors.js";
import type { CopperheadConfig } from "../repo/config.js";
import { pathExists } from "../repo/path-exists.js";

/** The flags every agent-running command takes (`do`, `stage`). */
export const AGENT_FLAGS = {
  provider: { type: "string" },
  script: { type: "string" },
  scripted: { type: "string" },
  model: { type: "string" },
  "max-turns": { type: "string" },
  repo: { type: "string" },
} as const;

export const AGENT_USAGE =
  "[--provider anthropic|scripted] [--script <file|dir>] [--scripted <file|dir>] [--model <m>] [--max-turns <n>] [--repo <dir>]";

const agentFlagsSchema = z.object({
  provider: z.string().min(1).optional(),
  script: z.string().min(1).optional(),
  /** `--scripted <path>` is `--provider scripted --script <path>` in one flag (the offline demo). */
  scripted: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  "max-turns": z
    .string()
    .regex(/^[1-9]\d*$/, "must be a positive whole number")
    .transform(Number)
    .optional(),
  repo: z.string().min(1).optional(),
});

export type AgentFlags = Omit<z.infer<typeof agentFlagsSchema>, "scripted">;

/**
 * Validates the agent flags; the first problem becomes a UsageError naming the flag.
 * `--scripted <path>` becomes `--provider scripted --script <path>`; given with either of those
 * it is refused rather than guessed at.
 */
export function parseAgentFlags(values: Record<string, unknown>, usage: string): AgentFlags {
  const parsed = agentFlagsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `--${String(issue?.path[0] ?? "?")}: ${issue?.message ?? "invalid"}`,
      `usage: ${usage}`,
    );
  }
  const { scripted, ...flags } = parsed.data;
  if (scripted === undefined) return flags;
  if (flags.script !== undefined || (flags.provider ?? "scripted") !== "scripted") {
    throw new UsageError(
      `--scripted ${scripted} already names the provider and the script; it cannot be combined with ${flags.script !== undefined ? "--script" : `--provider ${flags.provider}`}`,
      `pass either --scripted <file|dir>, or --provider scripted --script <file|dir>`,
    );
  }
  return { ...flags, provider: "scripted", script: scripted };
}

/**
 * A scripted session for `scope`: `--script` names the file, or a folder holding one script per
 * stage (`<folder>/<stage>.json` or `.jsonl`), so one folder drives a whole design.
 */
async function scriptFor(path: string | undefined, scope: string): Promise<string | undefined> {
  if (path === undefined) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) return path;
  for (const name of [`${scope}.json`, `${scope}.jsonl`]) {
    if (await pathExists(join(path, name))) return join(path, name);
  }
  throw new UsageError(
    `the script folder ${path} has no ${scope}.json or ${scope}.jsonl`,
    `add the ${scope} session to ${path}, or pass --script <file>`,
  );
}

/** The provider the flags, environment and config name for `scope` (a stage or `do`). */
export async function providerFor(
  flags: AgentFlags,
  options: { cwd: string; env: NodeJS.ProcessEnv; config: CopperheadConfig; scope: string },
): Promise<Provider> {
  const given = flags.script ?? options.env.COPPERHEAD_SCRIPT;
  const script = await scriptFor(
    given === undefined ? undefined : resolve(options.cwd, given),
    options.scope,
  );
  const settings = resolveProviderSettings({
    flags: { provider: flags.provider, model: flags.model, script },
    env: options.env,
    config: {
      provider: options.config.provider,
      model: options.config.model,
      models: options.config.models,
    },
    stage: options.scope,
  });
  return createProvider(settings);
}
