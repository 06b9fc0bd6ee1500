import { describe, expect, it } from "vitest";
import type { BreakoutOutcome } from "../../fuzz/check-breakout.js";
import { summarizeFuzz } from "../../fuzz/fuzz-summary.js";

const pass = (libId: string): BreakoutOutcome => ({
  libId,
  verdict: "pass",
  paper: "A4",
  joined: 0,
  ms: 1,
});

describe("summarizeFuzz", () => {
  it("passes 99 of 100 with one skip and names the failure with its finding", () => {
    const outcomes: BreakoutOutcome[] = [
      ...Array.from({ length: 99 }, (_, i) => pass(`Lib:P${i}`)),
      { libId: "Lib:Bad", verdict: "fail", kind: "erc", detail: "error pin_not_driven: …" },
      { libId: "Lib:NoPower", verdict: "skip", reason: "no-supply-pins", detail: "none" },
    ];
    const s = summarizeFuzz(outcomes);
    expect(s.passRate).toBeCloseTo(0.99, 5);
    expect(s.ok).toBe(true);
    expect(s.text).toMatch(/^library run: 99 of 100 breakouts pass \(99\.00 %/);
    expect(s.text).toMatch(/failures: erc \(1\)\n {2}Lib:Bad: error pin_not_driven/);
    expect(s.text).toMatch(/skipped: no-supply-pins \(1\): Lib:NoPower/);
  });

  it("misses the target on any engine fault, or on too many skips", () => {
    const fault: BreakoutOutcome = {
      libId: "Lib:F",
      verdict: "fail",
      kind: "engine-fault",
      detail: "drawn net …",
    };
    const many = Array.from({ length: 300 }, (_, i) => pass(`Lib:P${i}`));
    expect(summarizeFuzz([...many, fault]).ok).toBe(false);
    const skips = Array.from(
      { length: 40 },
      (_, i): BreakoutOutcome => ({
        libId: `Lib:S${i}`,
        verdict: "skip",
        reason: "no-supply-pins",
        detail: "",
      }),
    );
    expect(summarizeFuzz([...many.slice(0, 300), ...skips]).ok).toBe(false);
    expect(summarizeFuzz([...many, fault]).text).toMatch(/target MISSED$/);
  });

  it("says how to draw a failure again alone: with the run's seed, which generated it", () => {
    const bad: BreakoutOutcome = { libId: "Lib:Bad", verdict: "fail", kind: "erc", detail: "…" };
    for (const seed of [1, 12, 4096]) {
      expect(summarizeFuzz([pass("Lib:P"), bad], seed).text).toContain(
        `npm run fuzz -- --seed ${seed} --drafter-only Lib:Bad`,
      );
    }
    // Nothing to draw again when all passed, nor without knowing the seed.
    expect(summarizeFuzz([pass("Lib:P")], 12).text).not.toContain("npm run fuzz");
    expect(summarizeFuzz([pass("Lib:P"), bad]).text).not.toContain("npm run fuzz");
  });
});
