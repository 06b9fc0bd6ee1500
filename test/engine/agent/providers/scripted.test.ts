import { describe, expect, it } from "vitest";
import {
  ProviderError,
  ProviderPausedError,
} from "../../../../engine/agent/providers/provider-errors.js";
import { parseScript, ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { InterruptedError } from "../../../../engine/errors.js";

const request = { system: "s", tools: [], messages: [] };
const view = { turn: 1, catalog: [], lastToolResult: undefined, openObligations: [] };

describe("scripted failures and waits", () => {
  it("an error turn fails the call the way a provider does: after retries, or a usage limit", async () => {
    const provider = new ScriptedProvider(
      parseScript(
        '[{"error": {"kind": "provider", "message": "529 overloaded"}}, {"error": {"kind": "paused", "message": "usage limit reached"}}]',
        "s.json",
      ),
    );
    const failed = await provider.complete(request, view).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ProviderError);
    expect((failed as Error).message).toMatch(/^provider request failed: 529 overloaded/);
    const paused = await provider.complete(request, view).catch((e: unknown) => e);
    expect(paused).toBeInstanceOf(ProviderPausedError);
    expect((paused as Error).message).toMatch(/^paused: usage limit reached/);
    expect(provider.calls).toBe(2);
  });

  it("a delayed turn answers after its delay, and an abort cuts the wait short with the abort's reason", async () => {
    const turns = parseScript(
      '[{"delayMs": 20, "tools": [{"name": "finish"}]}, {"delayMs": 600000}]',
      "s.json",
    );
    const provider = new ScriptedProvider(turns);
    const answered = await provider.complete(request, view);
    expect(answered.content).toEqual([{ type: "tool_use", id: "s1_1", name: "finish", input: {} }]);
    const controller = new AbortController();
    const waiting = provider.complete(request, view, { signal: controller.signal });
    controller.abort(new InterruptedError("SIGINT"));
    const stopped = await waiting.catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(InterruptedError);
    expect((stopped as InterruptedError).exitCode).toBe(130);
  });

  it("counts a token-ish size of what it was sent and of what it answers", async () => {
    const provider = new ScriptedProvider(
      parseScript('[{"text": "first"}, {"text": "second"}]', "s.json"),
    );
    const first = await provider.complete(request, view);
    const longer = {
      ...request,
      messages: [
        { role: "user" as const, content: [{ type: "text" as const, text: "x".repeat(400) }] },
      ],
    };
    const second = await provider.complete(longer, view);
    expect(first.usage.input).toBe(Math.ceil(JSON.stringify(request).length / 4));
    expect(second.usage.input).toBeGreaterThan(first.usage.input + 99);
    expect(second.usage.output).toBe(Math.ceil(JSON.stringify(second.content).length / 4));
  });

  it("refuses a bad error kind or a negative delay with the turn it is on", () => {
    expect(() => parseScript('[{"error": {"kind": "crash", "message": "x"}}]', "s.json")).toThrow(
      /turn 0: error\.kind/,
    );
    expect(() => parseScript('[{"delayMs": -1}]', "s.json")).toThrow(/turn 0: delayMs/);
  });
});
