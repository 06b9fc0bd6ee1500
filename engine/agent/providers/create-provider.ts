import { type AnthropicOptions, AnthropicProvider } from "./anthropic.js";
import type { Provider } from "./provider.js";
import type { ProviderSettings } from "./provider-settings.js";
import { loadScript, ScriptedProvider } from "./scripted.js";

/** The provider the settings name. */
export async function createProvider(
  settings: ProviderSettings,
  extra: Omit<AnthropicOptions, "apiKey" | "model"> = {},
): Promise<Provider> {
  if (settings.provider === "scripted") {
    return new ScriptedProvider(await loadScript(settings.script), settings.model);
  }
  return new AnthropicProvider({ ...extra, apiKey: settings.apiKey, model: settings.model });
}
