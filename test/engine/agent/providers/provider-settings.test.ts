import { describe, expect, it } from "vitest";
import { resolveProviderSettings } from "../../../../engine/agent/providers/provider-settings.js";
import { parseScript } from "../../../../engine/agent/providers/scripted.js";

describe("resolveProviderSettings", () => {
  it("flags beat env beat config; the key comes from env only", () => {
    const env = { ANTHROPIC_API_KEY: "k-123456789", COPPERHEAD_MODEL: "env-model" };
    expect(
      resolveProviderSettings({ flags: { model: "flag-model" }, env, config: { model: "cfg" } }),
    ).toEqual({ provider: "anthropic", model: "flag-model", apiKey: "k-123456789" });
    expect(resolveProviderSettings({ flags: {}, env, config: { model: "cfg" } }).model).toBe(
      "env-model",
    );
    expect(
      resolveProviderSettings({
        flags: {},
        env: { ANTHROPIC_API_KEY: "k" },
        config: { model: "cfg" },
      }).model,
    ).toBe("cfg");
  });
  it("says what is missing", () => {
    expect(() => resolveProviderSettings({ flags: {}, env: {}, config: {} })).toThrow(
      expect.objectContaining({ fix: expect.stringMatching(/ANTHROPIC_API_KEY/) }),
    );
    expect(() =>
      resolveProviderSettings({ flags: { provider: "scripted" }, env: {}, config: {} }),
    ).toThrow(expect.objectContaining({ fix: expect.stringMatching(/--script/) }));
    expect(() =>
      resolveProviderSettings({ flags: { provider: "gpt" }, env: {}, config: {} }),
    ).toThrow(/unknown provider "gpt"/);
  });
});

describe("parseScript", () => {
  it("reads JSON arrays and JSONL alike, and rejects unknown keys", () => {
    const line = { tools: [{ name: "finish", input: { outcome: "done", summary: "x" } }] };
    expect(parseScript(JSON.stringify([line]), "s.json")).toEqual(
      parseScript(`${JSON.stringify(line)}\n`, "s.jsonl"),
    );
    expect(() => parseScript('{"tool": []}', "bad.jsonl")).toThrow(
      /bad.jsonl is not a valid script/,
    );
  });
});
