import { describe, expect, it } from "vitest";
import type { Turn } from "../../../../engine/agent/providers/message.js";
import type {
  EngineView,
  Provider,
  TurnRequest,
} from "../../../../engine/agent/providers/provider.js";
import { ProviderPausedError } from "../../../../engine/agent/providers/provider-errors.js";
import { ScriptedProvider } from "../../../../engine/agent/providers/scripted.js";
import type { Outcome } from "../../../../engine/flow/outcome.js";
import {
  type AttemptFacts,
  diagnoseAttempt,
  diagnosisMessage,
  parseDiagnosis,
} from "../../../../engine/pipeline/create/diagnosis.js";
import { schematicStage } from "../../../../stages/schematic/stage.js";

const outcome: Outcome = {
  schema: 1,
  stage: "schematic",
  attempt: 1,
  verdict: "fail",
  startedAt: "2026-12-01T10:00:00.000Z",
  finishedAt: "2026-12-01T10:01:00.000Z",
  commit: "abcdef1",
  brief: { path: "brief.md", sha256: "0".repeat(64) },
  evidence: [
    { check: "schematic-files", ok: true, detail: "hardware/b.kicad_sch has 200 lines" },
    { check: "pinout-present", ok: false, detail: "docs/PINOUT.md is missing" },
  ],
  obligations: [],
  findings: { erc: [], drc: [], legibility: [] },
  artifacts: [],
  renders: [],
  cost: { wallMs: 60_000, turns: 7, tokensIn: 100, tokensOut: 50, cacheHits: 0 },
  resume: "copperhead create --brief brief.md",
};
const facts: AttemptFacts = {
  stage: schematicStage,
  attempt: 1,
  attemptsLeft: 2,
  outcome,
  summary: "Drafted the sheet.",
  tools: ["draft_schematic ok drafted hardware/b.kicad_sch", "run_erc ok ERC clean"],
  lastText: "Done drafting.",
};

/** Records what it was asked and answers with one text turn. */
class Answering implements Provider {
  readonly name = "fake";
  readonly model = "m";
  requests: Array<{ request: TurnRequest; view: EngineView }> = [];
  constructor(readonly answer: string | Error) {}
  async complete(request: TurnRequest, view: EngineView): Promise<Turn> {
    this.requests.push({ request, view });
    if (this.answer instanceof Error) throw this.answer;
    return {
      content: [{ type: "text", text: this.answer }],
      stopReason: "end_turn",
      usage: { input: 300, output: 40, cacheRead: 20, cacheWrite: 0 },
      cached: false,
    };
  }
}

describe("parseDiagnosis", () => {
  it("reads the JSON object: alone, fenced, or braced in prose", () => {
    const json = '{"verdict":"retry","reason":"no pinout","guidance":"Write docs/PINOUT.md."}';
    const want = { verdict: "retry", reason: "no pinout", guidance: "Write docs/PINOUT.md." };
    expect(parseDiagnosis(json)).toEqual(want);
    expect(parseDiagnosis(`\`\`\`json\n${json}\n\`\`\``)).toEqual(want);
    expect(parseDiagnosis(`Here it is: ${json} — hope it helps`)).toEqual(want);
    expect(parseDiagnosis('{"verdict":"abort","reason":"the brief contradicts itself"}')).toEqual({
      verdict: "abort",
      reason: "the brief contradicts itself",
      guidance: "",
    });
  });

  it("anything else is an abort that says what was wrong", () => {
    expect(parseDiagnosis("I think you should retry.")).toMatchObject({
      verdict: "abort",
      reason: expect.stringContaining("not a JSON object"),
    });
    const noGuidance = parseDiagnosis('{"verdict":"retry","reason":"try again"}');
    expect(noGuidance.verdict).toBe("abort");
    expect(noGuidance.reason).toContain("a retry needs guidance");
    const unknown = parseDiagnosis('{"verdict":"maybe","reason":"x","guidance":"y"}');
    expect(unknown.verdict).toBe("abort");
    expect(unknown.reason).toContain("verdict");
    const extra = parseDiagnosis('{"verdict":"retry","reason":"x","guidance":"y","tools":[]}');
    expect(extra.verdict).toBe("abort");
  });
});

describe("diagnoseAttempt", () => {
  it("asks one tool-less turn with the diagnosis prompt and the failed checks; counts its tokens", async () => {
    const provider = new Answering(
      '{"verdict":"retry","reason":"the pinout was never written","guidance":"Write docs/PINOUT.md first."}',
    );
    let t = 1000;
    const record = await diagnoseAttempt(provider, facts, { now: () => (t += 250) });
    expect(provider.requests).toHaveLength(1);
    const { request, view } = provider.requests[0]!;
    expect(request.tools).toEqual([]);
    expect(view.catalog).toEqual([]);
    expect(request.system).toContain("Reply with exactly one JSON object");
    expect(request.messages).toHaveLength(1);
    const message = request.messages[0]!.content[0];
    expect(message).toMatchObject({ type: "text" });
    const text = (message as { text: string }).text;
    expect(text).toContain("- pinout-present: docs/PINOUT.md is missing");
    expect(text).not.toContain("schematic-files");
    expect(text).toContain("- run_erc ok ERC clean");
    expect(record).toEqual({
      afterAttempt: 1,
      verdict: "retry",
      reason: "the pinout was never written",
      guidance: "Write docs/PINOUT.md first.",
      tokensIn: 320,
      tokensOut: 40,
      wallMs: 250,
      cached: false,
    });
  });

  it("an invalid answer or a failed call is an abort with the reason; a usage limit pauses", async () => {
    const bad = await diagnoseAttempt(new Answering("retry!"), facts);
    expect(bad).toMatchObject({ verdict: "abort", tokensOut: 40 });
    expect(bad.reason).toContain("not a JSON object");
    const failed = await diagnoseAttempt(new Answering(new Error("socket hang up")), facts);
    expect(failed.verdict).toBe("abort");
    expect(failed.reason).toBe("the diagnosis call failed: socket hang up");
    await expect(
      diagnoseAttempt(new Answering(new ProviderPausedError("usage limit")), facts),
    ).rejects.toBeInstanceOf(ProviderPausedError);
  });

  it("a scripted diagnosis is one text turn of the stage's session", async () => {
    const provider = new ScriptedProvider([
      {
        text: '{"verdict":"abort","reason":"the BOM names no footprint for J1"}',
        tools: [],
        expect: { catalogExcludes: ["run_erc"] },
      },
    ]);
    const record = await diagnoseAttempt(provider, facts);
    expect(record.verdict).toBe("abort");
    expect(record.reason).toBe("the BOM names no footprint for J1");
    expect(record.tokensOut).toBeGreaterThan(0);
    expect(provider.calls).toBe(1);
  });

  it("the message is bounded: long details are cut", () => {
    const long = diagnosisMessage({
      ...facts,
      outcome: {
        ...outcome,
        evidence: [{ check: "erc-clean", ok: false, detail: "x".repeat(5000) }],
      },
    });
    expect(long.length).toBeLessThan(3000);
    expect(long).toContain("…");
  });
});
