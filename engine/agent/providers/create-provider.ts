import type { AnthropicOptions } from "./anthropic.js";
import type { Provider } from "./provider.js";
import type { ProviderSettings } from "./provider-settings.js";
import { loadScript, ScriptedProvider } from "./scripted.js";

/**
 * The provider the settings name. The Anthropic provider (and its SDK, ~300 modules) is imported
 * only when asked for: scripted runs and every command that never reaches a model skip it.
 */
export async function createProvider(
  settings: ProviderSettings,
  extra: Omit<AnthropicOptions, "apiKey" | "model"> = {},
): Promise<Provider> {
  if (settings.provider === "scripted") {
    return new ScriptedProvider(await loadScript(settings.script), settings.model);
  }
  const { AnthropicProvider } = await import("./anthropic.js");
  return new AnthropicProvider({ ...extra, apiKey: settings.apiKey, model: settings.model });
}
