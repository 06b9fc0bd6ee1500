import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AnthropicProvider } from "../../../../engine/agent/providers/anthropic.js";
import { InterruptedError } from "../../../../engine/errors.js";

const API = "https://api.anthropic.com";
const request = {
  system: "s",
  tools: [],
  messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }],
};
const view = { turn: 1, catalog: [], lastToolResult: undefined, openObligations: [] };

describe("an interrupt during an Anthropic call", () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it("aborts the request in flight instead of waiting for the reply", async () => {
    let seen = 0;
    nock(API)
      .post("/v1/messages", (body) => {
        seen++;
        return body.model === "claude-test" && body.messages[0].content[0].text === "hi";
      })
      .delay(60_000)
      // A good reply: had the abort not cut the call, it would resolve with it.
      .reply(200, {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-test",
        content: [{ type: "text", text: "late" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      });
    const controller = new AbortController();
    const provider = new AnthropicProvider({
      apiKey: "sk-ant-test-key-0123456789",
      model: "claude-test",
    });
    const call = provider.complete(request, view, { signal: controller.signal });
    setTimeout(() => controller.abort(new InterruptedError("SIGINT")), 50);
    await expect(call).rejects.toThrow();
    expect(seen).toBe(1);
    expect(controller.signal.aborted).toBe(true);
  });

  it("aborts the backoff between retries: an overloaded API is not retried after the signal", async () => {
    let attempts = 0;
    nock(API)
      .post("/v1/messages")
      .times(5)
      .reply(() => {
        attempts++;
        return [529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }];
      });
    const controller = new AbortController();
    // The real backoff (1 s, doubling) with a real sleep: only the abort can end it early.
    const provider = new AnthropicProvider({
      apiKey: "sk-ant-test-key-0123456789",
      model: "claude-test",
    });
    const call = provider.complete(request, view, { signal: controller.signal });
    setTimeout(() => controller.abort(new InterruptedError("SIGTERM")), 200);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(attempts).toBe(1);
  });
});
