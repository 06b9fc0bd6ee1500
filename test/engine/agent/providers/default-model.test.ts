import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MODEL,
  resolveProviderSettings,
} from "../../../../engine/agent/providers/provider-settings.js";

// The installed SDK itself is the data: its `Model` union and its deprecated-models tables.
const require = createRequire(import.meta.url);
// The package hides its package.json behind `exports`: its main entry sits at the package root.
const SDK = dirname(require.resolve("@anthropic-ai/sdk"));

/** The keys of every `DEPRECATED_MODELS = { 'model': 'date', … }` table in a file of the SDK. */
function deprecatedIn(source: string): string[] {
  const tables = [...source.matchAll(/DEPRECATED_MODELS = \{([^}]*)\}/g)].map((m) => m[1] ?? "");
  return tables.flatMap((t) => [...t.matchAll(/'([^']+)'\s*:/g)].map((m) => m[1] as string));
}

describe("the default model", () => {
  it("is not on any deprecated-models list of the installed @anthropic-ai/sdk", async () => {
    const files = ["internal/data/deprecated-models.js", "resources/messages/messages.js"];
    const deprecated = new Set<string>();
    for (const file of files) {
      for (const model of deprecatedIn(await readFile(join(SDK, file), "utf8")))
        deprecated.add(model);
    }
    // The reader finds the lists: claude-sonnet-4-5 (the old default) is on them.
    expect(deprecated.has("claude-sonnet-4-5")).toBe(true);
    expect(deprecated.has(DEFAULT_MODEL)).toBe(false);
  });

  it("is a model the installed SDK's Model type names", async () => {
    const types = await readFile(join(SDK, "resources/messages/messages.d.ts"), "utf8");
    const union = /export type Model = ([^;]+);/.exec(types)?.[1] ?? "";
    const models = [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(models.length).toBeGreaterThan(5);
    expect(models).toContain(DEFAULT_MODEL);
  });

  it("is what a run gets when nothing names a model", () => {
    const settings = resolveProviderSettings({
      flags: {},
      env: { ANTHROPIC_API_KEY: "k-1234567890" },
      config: {},
    });
    expect(settings.model).toBe(DEFAULT_MODEL);
  });
});

describe("a model per stage", () => {
  const env = { ANTHROPIC_API_KEY: "k-1234567890" };
  const config = { model: "claude-haiku-4-5", models: { schematic: "claude-opus-4-7" } };

  it("config.models[stage] beats config.model for that stage only", () => {
    expect(resolveProviderSettings({ flags: {}, env, config, stage: "schematic" }).model).toBe(
      "claude-opus-4-7",
    );
    expect(resolveProviderSettings({ flags: {}, env, config, stage: "spec" }).model).toBe(
      "claude-haiku-4-5",
    );
    expect(resolveProviderSettings({ flags: {}, env, config }).model).toBe("claude-haiku-4-5");
  });

  it("flags and the environment still beat the committed config", () => {
    expect(
      resolveProviderSettings({
        flags: {},
        env: { ...env, COPPERHEAD_MODEL: "m-env" },
        config,
        stage: "schematic",
      }).model,
    ).toBe("m-env");
    expect(
      resolveProviderSettings({ flags: { model: "m-flag" }, env, config, stage: "schematic" })
        .model,
    ).toBe("m-flag");
  });
});
