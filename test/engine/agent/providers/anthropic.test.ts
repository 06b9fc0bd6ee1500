import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { runAgent } from "../../../../engine/agent/loop/run-agent.js";
import { AnthropicProvider } from "../../../../engine/agent/providers/anthropic.js";
import { fakeTools, tempRepo } from "../loop/fake-tools.js";

const API = "https://api.anthropic.com";
// biome-ignore lint/suspicious/noExplicitAny: the test inspects arbitrary request JSON
type Body = Record<string, any>;

function reply(content: unknown[], stop = "tool_use") {
  return {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: {
      input_tokens: 100,
      output_tokens: 20,
      cache_read_input_tokens: 50,
      cache_creation_input_tokens: 10,
    },
  };
}
const toolUse = (id: string, name: string, input: unknown) => ({
  type: "tool_use",
  id,
  name,
  input,
});
const apiError = (type: string, message: string) => ({ type: "error", error: { type, message } });

function provider(waits: number[] = []) {
  return new AnthropicProvider({
    apiKey: "sk-ant-test-key-0123456789",
    model: "claude-test",
    retry: { baseDelayMs: 1, sleep: async (ms) => void waits.push(ms) },
  });
}

async function run(p: AnthropicProvider) {
  return runAgent({
    provider: p,
    tools: fakeTools(),
    ledger: new Ledger({ origin: "init", sheet: { present: true } }),
    system: "You are copperhead.",
    prompt: "add an LED",
    repo: await tempRepo(),
    stage: "do",
    attempt: 1,
    env: {},
  });
}

describe("anthropic provider against the Messages API shape (nock)", () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it("tool_use / tool_result round trip, caching markers, zod input schemas and spec gating in the tool list", async () => {
    const bodies: Body[] = [];
    nock(API)
      .post("/v1/messages", (b) => bodies.push(b) > 0)
      .reply(
        200,
        reply([
          { type: "text", text: "validating" },
          toolUse("tu_1", "validate_change", { id: "add-led" }),
        ]),
      )
      .post("/v1/messages", (b) => bodies.push(b) > 0)
      .reply(200, reply([toolUse("tu_2", "finish", { outcome: "done", summary: "ok" })]));
    const result = await run(provider());
    expect(result.exit).toBe("done");
    expect(result.usage).toEqual({ input: 200, output: 40, cacheRead: 100, cacheWrite: 20 });
    const [first, second] = bodies as [Body, Body];
    expect(first.model).toBe("claude-test");
    expect(first.system).toEqual([
      { type: "text", text: "You are copperhead.", cache_control: { type: "ephemeral" } },
    ]);
    const names = (b: Body) => (b.tools as Body[]).map((t) => t.name);
    expect(names(first)).not.toContain("edit_file");
    expect(names(first)).not.toContain("draft_schematic");
    expect(names(second)).toContain("edit_file");
    expect(names(second)).toContain("draft_schematic");
    expect((first.tools as Body[]).at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect((first.tools as Body[]).slice(0, -1).every((t) => t.cache_control === undefined)).toBe(
      true,
    );
    const erc = (first.tools as Body[]).find((t) => t.name === "run_erc");
    expect(erc?.input_schema).toMatchObject({
      type: "object",
      properties: { violations: { type: "integer" } },
      required: ["violations"],
    });
    expect(second.messages).toHaveLength(3);
    expect(second.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "validating" },
        { type: "tool_use", id: "tu_1", name: "validate_change", input: { id: "add-led" } },
      ],
    });
    expect(second.messages[2].role).toBe("user");
    expect(second.messages[2].content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "tu_1",
        content: "validated add-led",
        is_error: false,
        cache_control: { type: "ephemeral" },
      },
    ]);
  });

  it("429 then success: retried by our policy honouring retry-after", async () => {
    const waits: number[] = [];
    nock(API)
      .post("/v1/messages")
      .reply(429, apiError("rate_limit_error", "slow down"), { "retry-after": "2" })
      .post("/v1/messages")
      .reply(200, reply([toolUse("tu_1", "finish", { outcome: "done", summary: "ok" })]));
    const result = await run(provider(waits));
    expect(result.exit).toBe("done");
    expect(waits).toEqual([2000]);
    expect(nock.isDone()).toBe(true);
  });

  it("529 overloaded then success: retried with backoff", async () => {
    const waits: number[] = [];
    nock(API)
      .post("/v1/messages")
      .reply(529, apiError("overloaded_error", "Overloaded"))
      .post("/v1/messages")
      .reply(529, apiError("overloaded_error", "Overloaded"))
      .post("/v1/messages")
      .reply(200, reply([toolUse("tu_1", "finish", { outcome: "done", summary: "ok" })]));
    const result = await run(provider(waits));
    expect(result.exit).toBe("done");
    expect(waits).toEqual([1, 2]);
  });

  it("a usage limit exits paused with a re-run hint; persistent 500s exit provider-error", async () => {
    nock(API)
      .post("/v1/messages")
      .reply(200, reply([toolUse("tu_1", "read_file", { path: "a" })]))
      .post("/v1/messages")
      .reply(
        429,
        apiError("rate_limit_error", "You have reached your usage limit for this session"),
      );
    const paused = await run(provider());
    expect(paused.exit).toBe("paused");
    expect(paused.turns).toBe(1);
    expect(paused.summary).toContain("paused: 429 rate_limit_error");

    nock(API).post("/v1/messages").times(5).reply(500, apiError("api_error", "boom"));
    const failed = await run(provider());
    expect(failed.exit).toBe("provider-error");
    expect(failed.summary).toContain("after 5 attempts");
  });

  it("a reply of the wrong shape ends the run provider-error, naming what is wrong", async () => {
    // What a misconfigured proxy answers: JSON, status 200, not a Messages API response.
    nock(API).post("/v1/messages").reply(200, { ok: true, result: "hello" });
    const wrong = await run(provider());
    expect(wrong.exit).toBe("provider-error");
    expect(wrong.summary).toContain(
      "the Anthropic API answered with something that is not a Messages API response (content: ",
    );
    expect(wrong.summary).toContain("check ANTHROPIC_BASE_URL");
    expect(wrong.summary).not.toMatch(/not iterable/);

    nock(API)
      .post("/v1/messages")
      .reply(200, {
        ...reply([toolUse("tu_1", "finish", { outcome: "done", summary: "ok" })]),
        usage: {},
      });
    const noUsage = await run(provider());
    expect(noUsage.exit).toBe("provider-error");
    expect(noUsage.summary).toContain("usage.input_tokens");
  });
});
