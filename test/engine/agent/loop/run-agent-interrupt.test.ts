import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { runAgent } from "../../../../engine/agent/loop/run-agent.js";
import { parseScript, ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import type { AgentTool } from "../../../../engine/agent/tool.js";
import { InterruptedError } from "../../../../engine/errors.js";
import { fakeTools, tempRepo } from "./fake-tools.js";

async function run(script: string, signal: AbortSignal, tools: AgentTool[] = fakeTools()) {
  const repo = await tempRepo();
  return runAgent({
    // An interrupt is an early exit: the turns after it are meant never to run.
    provider: new ScriptedProvider(parseScript(script, "s.json"), "script", { allowUnused: true }),
    tools,
    ledger: new Ledger({ origin: "init", sheet: { present: true } }),
    system: "system",
    prompt: "do it",
    repo,
    stage: "spec",
    attempt: 1,
    env: {},
    signal,
  });
}

describe("runAgent under SIGINT/SIGTERM", () => {
  it("an abort during a model call ends the run `interrupted` at once, the turn not counted", async () => {
    const controller = new AbortController();
    // The signal arrives while the model is "thinking" about turn 2.
    const reader = fakeTools()[0] as AgentTool;
    const timed: AgentTool = {
      ...reader,
      run: async (args, context) => {
        setTimeout(() => controller.abort(new InterruptedError("SIGTERM")), 20);
        return reader.run(args, context);
      },
    };
    const result = await run(
      '[{"tools": [{"name": "read_file", "input": {"path": "a"}}]}, {"delayMs": 600000}]',
      controller.signal,
      [timed, ...fakeTools().slice(1)],
    );
    expect(result.exit).toBe("interrupted");
    expect(result.summary).toBe("stopped at a safe point: interrupted by SIGTERM");
    expect(result.turns).toBe(1);
    const lines = (await readFile(result.transcript, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ type: "end", exit: "interrupted", turns: 1 });
  });

  it("an abort during a tool call lets that tool finish and runs none after it", async () => {
    const controller = new AbortController();
    const ran: string[] = [];
    const slow: AgentTool = {
      name: "slow_read",
      description: "a read that takes a moment",
      schema: (fakeTools()[0] as AgentTool).schema,
      mutating: false,
      run: async (args) => {
        ran.push(`slow ${JSON.stringify(args)}`);
        controller.abort(new InterruptedError("SIGINT"));
        return { ok: true, summary: "read" };
      },
    };
    const result = await run(
      '[{"tools": [{"name": "slow_read", "input": {"path": "a"}}, {"name": "read_file", "input": {"path": "b"}}]}]',
      controller.signal,
      [slow, ...fakeTools()],
    );
    expect(result.exit).toBe("interrupted");
    expect(ran).toEqual(['slow {"path":"a"}']);
    const lines = (await readFile(result.transcript, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === "tool_call").map((l) => l.name)).toEqual(["slow_read"]);
  });

  it("an already aborted signal runs no turn at all", async () => {
    const controller = new AbortController();
    controller.abort(new InterruptedError("SIGINT"));
    const result = await run(
      '[{"tools": [{"name": "read_file", "input": {"path": "a"}}]}]',
      controller.signal,
    );
    expect(result).toMatchObject({ exit: "interrupted", turns: 0 });
  });
});
