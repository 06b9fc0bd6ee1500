import { describe, expect, it } from "vitest";
import type { Settlement } from "../../../engine/pipeline/attempt.js";
import { buildOutcome } from "../../../engine/pipeline/outcome-record.js";

// outcome.json carries the KiCad gate's findings finding by finding: an empty list there is
// what the App reads as "clean", so a gate failure must never arrive with empty lists.

const facts = {
  brief: { path: "brief.md", sha256: "a".repeat(64) },
  artifacts: [],
  resume: "copperhead create",
};

function settled(judgement?: Settlement["judgement"]): Settlement {
  return {
    scope: "schematic",
    attempt: 2,
    base: "c0ffee0",
    verdict: judgement?.pass === false ? "gate-failed" : "passed",
    startedAt: 1_000,
    finishedAt: 5_000,
    touched: [],
    kept: false,
    ...(judgement ? { judgement } : {}),
  };
}

describe("buildOutcome", () => {
  it("carries the gate's ERC, DRC and legibility findings and the score into outcome.json", () => {
    const erc = {
      type: "pin_not_connected",
      severity: "error" as const,
      description: "Pin not connected",
      sheet: "/",
      items: [{ description: "Pin 2 of U1", pos: { x: 10, y: 20 } }],
      source: "kicad-cli" as const,
    };
    const legibility = {
      kind: "text-collision",
      severity: "error" as const,
      sheet: "/",
      at: { x: 1, y: 2 },
      refs: ["R1"],
      detail: "R1's value over C1's reference",
    };
    const outcome = buildOutcome(
      settled({
        pass: false,
        evidence: [{ check: "erc-clean", ok: false, detail: "ERC: 1 error, 0 warnings" }],
        unmet: [],
        findings: { erc: [erc], drc: [], legibility: [legibility], score: { composite: 71.5 } },
      }),
      facts,
    );
    expect(outcome.verdict).toBe("fail");
    expect(outcome.findings).toEqual({ erc: [erc], drc: [], legibility: [legibility] });
    expect(outcome.score).toEqual({ composite: 71.5 });
  });

  it("has empty lists and no score for a stage whose gate is not KiCad's", () => {
    const outcome = buildOutcome(
      settled({ pass: true, evidence: [{ check: "spec", ok: true, detail: "ok" }], unmet: [] }),
      facts,
    );
    expect(outcome.findings).toEqual({ erc: [], drc: [], legibility: [] });
    expect(outcome).not.toHaveProperty("score");
  });

  it("records a run cut short at its budget or by an interrupt as stoppedBy, and nothing a gate judged", () => {
    const work = (exit: string) =>
      ({
        exit,
        summary: "why",
        changelogOwed: false,
        verified: [],
        cost: { wallMs: 1, turns: 60, tokensIn: 1, tokensOut: 1, cacheHits: 0 },
      }) as unknown as NonNullable<Settlement["work"]>;
    const ran = (exit: string, verdict: Settlement["verdict"] = "run-failed") =>
      buildOutcome({ ...settled(), verdict, work: work(exit) }, facts);
    expect(ran("budget").stoppedBy).toBe("budget");
    expect(ran("interrupted", "interrupted").stoppedBy).toBe("interrupted");
    // An attempt a later run found killed (recover.ts): no work at all, interrupted.
    expect(buildOutcome({ ...settled(), verdict: "interrupted" }, facts).stoppedBy).toBe(
      "interrupted",
    );
    for (const exit of ["done", "refused", "stalled", "repair-cycles", "provider-error", "paused"])
      expect(ran(exit), exit).not.toHaveProperty("stoppedBy");
    const judged = settled({
      pass: false,
      evidence: [{ check: "erc-clean", ok: false, detail: "1 error" }],
      unmet: [],
    });
    expect(buildOutcome({ ...judged, work: work("budget") }, facts)).not.toHaveProperty(
      "stoppedBy",
    );
  });
});
