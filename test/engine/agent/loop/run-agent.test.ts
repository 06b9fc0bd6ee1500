import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CachingProvider } from "../../../../engine/agent/cache/caching-provider.js";
import { Ledger } from "../../../../engine/agent/ledger/ledger.js";
import { runAgent } from "../../../../engine/agent/loop/run-agent.js";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import { createRedactor } from "../../../../engine/agent/redact.js";
import { transcriptLineSchema } from "../../../../engine/agent/transcript/transcript-line.js";
import { fakeTools, tempRepo } from "./fake-tools.js";
import { call, finishDone, unlock } from "./script-steps.js";

const ledger = () => new Ledger({ origin: "init", sheet: { present: true } });

async function run(
  script: ScriptedTurn[],
  extra: {
    repo?: string;
    env?: NodeJS.ProcessEnv;
    maxTurns?: number;
    cache?: boolean;
    prompt?: string;
  } = {},
) {
  const repo = extra.repo ?? (await tempRepo());
  const scripted = new ScriptedProvider(script);
  const env = extra.env ?? {};
  const provider = extra.cache
    ? new CachingProvider(scripted, repo, createRedactor(env))
    : scripted;
  const lines: string[] = [];
  const result = await runAgent({
    provider,
    tools: fakeTools(),
    ledger: ledger(),
    system: "system",
    prompt: extra.prompt ?? "do it",
    repo,
    stage: "schematic",
    attempt: 1,
    env,
    write: (l) => lines.push(l),
    budget: { maxTurns: extra.maxTurns ?? 40 },
  });
  return { result, lines, scripted, repo };
}

describe("runAgent", () => {
  it("a converging repair series 10,5,7,6,5 is not killed; a stuck one is", async () => {
    const erc = (n: number) => call("run_erc", { violations: n });
    const converging = await run([...[10, 5, 7, 6, 5, 6, 0].map(erc), finishDone()]);
    expect(converging.result.exit).toBe("done");
    // The seventh non-progressing check ends the run: the script stops there too.
    const stuck = await run([5, 5, 5, 5, 5, 5, 5].map(erc));
    expect(stuck.result.exit).toBe("repair-cycles");
    expect(stuck.result.summary).toContain("erc made no progress");
    expect(stuck.result.turns).toBe(7);
  });

  it("stalls after more than two consecutive turns without a tool call, and says so", async () => {
    const { result } = await run([
      { text: "thinking", tools: [] },
      { text: "still", tools: [] },
      { text: "hmm", tools: [] },
    ]);
    expect(result.exit).toBe("stalled");
    expect(result.turns).toBe(3);
  });

  it("a text-only turn followed by a tool call resets the stall counter", async () => {
    const quiet = { text: "…", tools: [] };
    const { result } = await run([
      quiet,
      quiet,
      call("read_file", { path: "a" }),
      { ...quiet, expect: { lastResultIncludes: "contents of a" } },
      quiet,
      finishDone(),
    ]);
    expect(result.exit).toBe("done");
  });

  it("nudges to converge near the end of the budget and exits budget when it runs out", async () => {
    const read = call("read_file", { path: "x" });
    const { result, repo } = await run([read, read, read, read, read, read], { maxTurns: 6 });
    expect(result.exit).toBe("budget");
    expect(result.turns).toBe(6);
    const lines = (await readFile(result.transcript, "utf8"))
      .trim()
      .split("\n")
      .map((l) => transcriptLineSchema.parse(JSON.parse(l)));
    const nudges = lines.filter((l) => l.type === "nudge");
    expect(nudges).toEqual([
      { type: "nudge", turn: 2, text: expect.stringContaining("converge now: 5 turn(s) remain") },
    ]);
    expect(result.transcript).toBe(join(repo, ".copperhead/runs/schematic/1/transcript.jsonl"));
  });

  it("invalid arguments and throwing tools become ordinary results; the loop carries on", async () => {
    const { result } = await run([
      call("run_erc", { violations: "many" }),
      call("explode", {}, { lastResultIncludes: "invalid arguments for run_erc:\n- violations:" }),
      finishDone({ lastResultIncludes: "explode failed unexpectedly: kaboom" }),
    ]);
    expect(result.exit).toBe("done");
  });

  it("a diverging script fails loudly, naming the turn and the difference", async () => {
    await expect(
      run([call("read_file", { path: "a" }), finishDone({ catalogIncludes: ["edit_file"] })]),
    ).rejects.toThrow(/scripted turn 2 diverged: tool "edit_file" is missing from the catalog/);
  });

  it("prints tool, turn and phase lines", async () => {
    const { lines, result } = await run([
      ...unlock,
      call("edit_file", { path: "a.kicad_sch", kind: "schematic" }),
      {
        tools: [
          { name: "run_erc", input: { violations: 0 } },
          { name: "check_drift", input: { findings: 0 } },
        ],
      },
      finishDone(),
    ]);
    expect(result.exit).toBe("done");
    expect(lines).toContain("▸ run_erc  ERC clean");
    expect(lines).toContain("✓ spec: proposal add-led validated, edit tools unlocked");
    expect(lines).toContain("✓ verify: ERC clean, no drift");
    expect(
      lines.filter((l) => /^turn \d+\/40 · [\d.]+k? in \/ [\d.]+k? out$/.test(l)),
    ).toHaveLength(5);
    expect(result.verified.sort()).toEqual(["drift", "erc"]);
  });

  it("a planted secret in env never reaches the transcript", async () => {
    const secret = "hunter2-very-secret-value";
    const { result } = await run(
      [
        call("read_file", { path: secret }),
        call("read_file", { path: "sk-ant-api03-abcdefghijklmnop" }),
        finishDone(),
      ],
      {
        env: { MY_SERVICE_TOKEN: secret },
        prompt: `use ${secret}`,
      },
    );
    const text = await readFile(result.transcript, "utf8");
    expect(text).toContain("[REDACTED]");
    expect(text).not.toContain(secret);
    expect(text).not.toContain("sk-ant-api03");
  });

  it("response cache: a rerun of the same scripted stage makes zero provider calls", async () => {
    const script = [
      ...unlock,
      call("edit_file", { path: "a.kicad_sch", kind: "schematic" }),
      call("run_erc", { violations: 0 }),
      call("check_drift", { findings: 0 }),
      finishDone(),
    ];
    const first = await run(script, { cache: true });
    expect(first.scripted.calls).toBe(6);
    expect(first.result.cacheHits).toBe(0);
    const again = await run(script, { cache: true, repo: first.repo });
    expect(again.scripted.calls).toBe(0);
    expect(again.result.exit).toBe("done");
    expect(again.result.cacheHits).toBe(6);
    expect(again.result.usage.output).toBe(0);
    expect(again.lines.some((l) => l.endsWith("· cached"))).toBe(true);
  });

  it("response cache: corrupt entries are ignored and rewritten; secret-bearing turns are not cached", async () => {
    const script = [call("read_file", { path: "a" }), finishDone()];
    const first = await run(script, { cache: true });
    const dir = join(first.repo, ".copperhead/cache");
    const entries = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    expect(entries).toHaveLength(2);
    await writeFile(join(dir, entries[0] as string), "{ not json");
    const second = await run(script, { cache: true, repo: first.repo });
    expect(second.scripted.calls).toBe(1);
    const third = await run(script, { cache: true, repo: first.repo });
    expect(third.scripted.calls).toBe(0);

    const secretRepo = await tempRepo();
    const leaky = [
      call("read_file", { path: "ghp_abcdefghijklmnopqrstuvwxyz012345" }),
      finishDone(),
    ];
    await run(leaky, { cache: true, repo: secretRepo });
    const cached = (await readdir(join(secretRepo, ".copperhead/cache"))).filter((f) =>
      f.endsWith(".json"),
    );
    expect(cached).toHaveLength(1);
  });
});
