import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CachingProvider } from "../../../../engine/agent/cache/caching-provider.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { runAgent } from "../../../../engine/agent/loop/run-agent.js";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { createRedactor } from "../../../../engine/agent/redact.js";
import { fakeTools, tempRepo } from "../loop/fake-tools.js";
import { call, finishDone } from "../loop/script-steps.js";

async function run(provider: ScriptedProvider | CachingProvider, repo?: string) {
  return runAgent({
    provider,
    tools: fakeTools(),
    ledger: new Ledger({ origin: "init", sheet: { present: true } }),
    system: "system",
    prompt: "do it",
    repo: repo ?? (await tempRepo()),
    stage: "schematic",
    attempt: 1,
    env: {},
  });
}

// The finish is accepted at turn 2; turn 3 (and its expect) would never run.
const tooLong: ScriptedTurn[] = [
  call("read_file", { path: "a" }),
  finishDone(),
  call("read_file", { path: "b" }, { obligationsOpen: ["erc"] }),
];

describe("the scripted provider fails a run that leaves turns unused", () => {
  it("a run that finishes before the script does throws, naming where it stopped and how many turns never ran", async () => {
    const provider = new ScriptedProvider(tooLong);
    const error = await run(provider).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("ScriptDivergedError");
    expect((error as Error).message).toBe(
      "the run ended after scripted turn 2 but the script has 3 turns (1 never ran, so their expects were never checked)",
    );
    expect((error as { fix?: string }).fix).toBe(
      "the engine stopped earlier than the script recorded: fix the engine, shorten the script, or (a test of an early exit) pass allowUnused",
    );
    expect(provider.calls).toBe(2);
    expect(provider.unused).toBe(1);
  });

  it("the transcript of the short run is complete before it throws, so the early end can be read back", async () => {
    const repo = await tempRepo();
    await expect(run(new ScriptedProvider(tooLong), repo)).rejects.toThrow(/1 never ran/);
    const lines = (await readFile(`${repo}/.copperhead/runs/schematic/1/transcript.jsonl`, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; exit?: string; turns?: number });
    expect(lines.at(-1)).toEqual(expect.objectContaining({ type: "end", exit: "done", turns: 2 }));
  });

  it("an early exit the test names (allowUnused) ends normally with the turns left over", async () => {
    const provider = new ScriptedProvider(tooLong, "script", { allowUnused: true });
    const result = await run(provider);
    expect(result.exit).toBe("done");
    expect(result.turns).toBe(2);
    expect(provider.unused).toBe(1);
  });

  it("a script used up exactly ends normally, and every view the engine showed is kept in turn order", async () => {
    const provider = new ScriptedProvider(tooLong.slice(0, 2));
    const result = await run(provider);
    expect(result.exit).toBe("done");
    expect(provider.unused).toBe(0);
    expect(provider.views.map((v) => v.turn)).toEqual([1, 2]);
    expect(provider.views[1]?.lastToolResult).toContain("contents of a");
  });

  it("behind the response cache, replayed turns use up their script turns: a full replay ends clean, a longer script still fails", async () => {
    const repo = await tempRepo();
    const script = tooLong.slice(0, 2);
    const first = new ScriptedProvider(script);
    await run(new CachingProvider(first, repo, createRedactor({})), repo);
    expect(first.calls).toBe(2);

    const replay = new ScriptedProvider(script);
    const result = await run(new CachingProvider(replay, repo, createRedactor({})), repo);
    expect(result.cacheHits).toBe(2);
    expect(replay.calls).toBe(0);
    expect(replay.unused).toBe(0);
    // The replayed turns were checked against the script too.
    expect(replay.views.map((v) => v.turn)).toEqual([1, 2]);

    const longer = new ScriptedProvider(tooLong);
    await expect(run(new CachingProvider(longer, repo, createRedactor({})), repo)).rejects.toThrow(
      /the run ended after scripted turn 2 but the script has 3 turns/,
    );
    expect(longer.calls).toBe(0);
  });

  it("a replayed turn whose expect no longer holds diverges like a live one", async () => {
    const repo = await tempRepo();
    const script = [call("read_file", { path: "a" }), finishDone()];
    await run(new CachingProvider(new ScriptedProvider(script), repo, createRedactor({})), repo);
    const strict = new ScriptedProvider([
      script[0]!,
      finishDone({ catalogIncludes: ["edit_file"] }),
    ]);
    await expect(run(new CachingProvider(strict, repo, createRedactor({})), repo)).rejects.toThrow(
      /scripted turn 2 diverged: tool "edit_file" is missing from the catalog/,
    );
  });
});
