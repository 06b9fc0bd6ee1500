import { z } from "zod";
import { UsageError } from "../../errors.js";

/**
 * The model used when nothing names one: the newest Sonnet in the installed SDK's `Model` type
 * that the SDK does not list as deprecated (a test reads both from the SDK's own files, so an
 * SDK update that deprecates it fails the suite instead of warning on every call).
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";

export const providerSettingsSchema = z.discriminatedUnion("provider", [
  z.object({
    provider: z.literal("anthropic"),
    model: z.string().min(1),
    apiKey: z.string().min(1),
  }),
  z.object({
    provider: z.literal("scripted"),
    model: z.string().min(1),
    script: z.string().min(1),
  }),
]);

export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

export interface ProviderSources {
  flags: { provider?: string | undefined; model?: string | undefined; script?: string | undefined };
  env: NodeJS.ProcessEnv;
  /** `.copperhead/config.json` provider/model. Keys are never read from config: it is committed. */
  config: {
    provider?: string | undefined;
    model?: string | null | undefined;
    /** Per-stage models (`models` in config.json), beating `model` for that stage. */
    models?: Readonly<Record<string, string>> | undefined;
  };
  /** The stage (or `do`) the run is for: picks its entry of `config.models`. */
  stage?: string | undefined;
}

/**
 * Which provider and model to use: flags over env (COPPERHEAD_PROVIDER, COPPERHEAD_MODEL,
 * ANTHROPIC_API_KEY) over config (the stage's `models` entry, then `model`) over defaults.
 * Errors say exactly which setting is missing.
 */
export function resolveProviderSettings(sources: ProviderSources): ProviderSettings {
  const { flags, env, config } = sources;
  const provider = flags.provider ?? env.COPPERHEAD_PROVIDER ?? config.provider ?? "anthropic";
  const staged = sources.stage === undefined ? undefined : config.models?.[sources.stage];
  const model = flags.model ?? env.COPPERHEAD_MODEL ?? staged ?? config.model ?? undefined;
  if (provider === "scripted") {
    const script = flags.script ?? env.COPPERHEAD_SCRIPT;
    if (!script) {
      throw new UsageError(
        "the scripted provider needs a script file",
        "pass --script <file.jsonl> or set COPPERHEAD_SCRIPT",
      );
    }
    return { provider, model: model ?? "script", script };
  }
  if (provider !== "anthropic") {
    throw new UsageError(
      `unknown provider "${provider}"`,
      "use --provider anthropic or --provider scripted",
    );
  }
  const apiKey = env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new UsageError(
      "no Anthropic API key",
      "export ANTHROPIC_API_KEY=… (keys are read from the environment only)",
    );
  }
  return { provider, model: model ?? DEFAULT_MODEL, apiKey };
}
