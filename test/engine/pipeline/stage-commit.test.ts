import { describe, expect, it } from "vitest";
import type { Settlement, WorkReport } from "../../../engine/pipeline/attempt.js";
import { stageCommitMessage } from "../../../engine/pipeline/stage-commit.js";

// The whole message is compared, not a fragment: the App finds stage commits by these trailers
// and a person reads the subject in `git log`, so every line is part of the contract.
const COST = { wallMs: 1, turns: 1, tokensIn: 1, tokensOut: 1, cacheHits: 0 };
const FACTS = { briefSha256: "b".repeat(64), provider: "scripted" };
const WIP = { ref: "refs/copperhead/wip/spec/2", commit: "w1p" };
const STASH = { name: "copperhead: spec attempt 2 20260102T030405Z", sha: "5ta5h", paths: [] };

function work(exit: WorkReport["exit"], extra: Partial<WorkReport> = {}): WorkReport {
  return { exit, summary: "", changelogOwed: false, verified: [], cost: COST, ...extra };
}

function settlement(over: Partial<Settlement>): Settlement {
  return {
    scope: "spec",
    attempt: 2,
    base: "base",
    verdict: "passed",
    startedAt: 0,
    finishedAt: 1,
    touched: [],
    kept: false,
    ...over,
  };
}

const trailers = (verdict: string, verified = "none", provider = "scripted") =>
  [
    "Copperhead-Stage: spec",
    "Copperhead-Attempt: 2",
    `Copperhead-Brief-SHA256: ${"b".repeat(64)}`,
    `Copperhead-Verdict: ${verdict}`,
    `Copperhead-Verified: ${verified}`,
    `Copperhead-Provider: ${provider}`,
  ].join("\n");

describe("stageCommitMessage: a pass", () => {
  it("the summary is the subject, the gate's checks and the verified list follow, adopted work says so", () => {
    const s = settlement({
      work: work("done", { summary: "Budgets filled in", verified: ["erc", "drc"] }),
      judgement: {
        pass: true,
        evidence: [
          { check: "budgets-section", ok: true, detail: "filled" },
          { check: "spec-lint", ok: true, detail: "clean" },
        ],
        unmet: [],
      },
    });
    expect(stageCommitMessage(s, { ...FACTS, adopted: true })).toBe(
      [
        "copperhead(spec): Budgets filled in",
        "",
        "Budgets filled in",
        "",
        "Gate:\n- ok budgets-section: filled\n- ok spec-lint: clean",
        "",
        trailers("pass", "erc, drc"),
        "Copperhead-Adopted: yes",
        "",
      ].join("\n"),
    );
  });

  it("an unchanged pass with no summary names the attempt; no gate, no WIP, no adopted trailer", () => {
    const s = settlement({ verdict: "unchanged", work: work("done") });
    expect(stageCommitMessage(s, { ...FACTS, provider: "anthropic" })).toBe(
      ["copperhead(spec): spec attempt 2", "", trailers("pass", "none", "anthropic"), ""].join(
        "\n",
      ),
    );
  });

  it("a carried ref on a pass is not repeated: the pass commits that work", () => {
    const s = settlement({ work: work("done", { summary: "done" }) });
    expect(stageCommitMessage(s, { ...FACTS, carriedRef: "refs/copperhead/wip/spec/1" })).toBe(
      ["copperhead(spec): done", "", "done", "", trailers("pass"), ""].join("\n"),
    );
  });
});

describe("stageCommitMessage: a failed attempt's trail", () => {
  it("a kept gate failure names the failed checks, says the work stays, and carries the Kept trailer", () => {
    const s = settlement({
      verdict: "gate-failed",
      kept: true,
      wip: WIP,
      work: work("done", { summary: "Tried" }),
      judgement: {
        pass: false,
        evidence: [
          { check: "budgets-section", ok: false, detail: "empty" },
          { check: "spec-lint", ok: true, detail: "clean" },
          { check: "erc", ok: false, detail: "2 errors" },
        ],
        unmet: [],
      },
    });
    // Adopted work that fails its gate is not an adopted pass; the carried ref is superseded.
    expect(
      stageCommitMessage(s, { ...FACTS, adopted: true, carriedRef: "refs/copperhead/wip/spec/1" }),
    ).toBe(
      [
        "copperhead(spec): attempt 2 failed its gate (budgets-section, erc)",
        "",
        "Tried",
        "",
        "Gate:\n- FAILED budgets-section: empty\n- ok spec-lint: clean\n- FAILED erc: 2 errors",
        "",
        `The work stays in the tree for the next attempt (also on ${WIP.ref}).`,
        "",
        trailers("fail"),
        `Copperhead-Kept: ${WIP.ref}`,
        "",
      ].join("\n"),
    );
  });

  it("a stashed gate failure with no failed check blames unmet obligations; an earlier kept ref stays named", () => {
    const s = settlement({
      verdict: "gate-failed",
      wip: WIP,
      stash: STASH,
      work: work("done", { summary: "Tried" }),
      judgement: { pass: false, evidence: [], unmet: [] },
    });
    expect(stageCommitMessage(s, { ...FACTS, carriedRef: "refs/copperhead/wip/spec/1" })).toBe(
      [
        "copperhead(spec): attempt 2 failed its gate (unmet obligations)",
        "",
        "Tried",
        "",
        `The work is on ${WIP.ref} and in stash "${STASH.name}"; the tree was restored.`,
        "",
        trailers("fail"),
        `Copperhead-WIP: ${WIP.ref}`,
        "Copperhead-Kept: refs/copperhead/wip/spec/1",
        "",
      ].join("\n"),
    );
  });

  it("a gate failure with no judgement recorded still blames the unmet obligations", () => {
    expect(stageCommitMessage(settlement({ verdict: "gate-failed" }), FACTS).split("\n")[0]).toBe(
      "copperhead(spec): attempt 2 failed its gate (unmet obligations)",
    );
  });

  it("a failed run says how it ended, or 'early' with no report", () => {
    const ended = settlement({ verdict: "run-failed", work: work("budget", { summary: "" }) });
    expect(stageCommitMessage(ended, FACTS).split("\n")[0]).toBe(
      "copperhead(spec): attempt 2 failed: the run ended budget",
    );
    const early = settlement({ verdict: "run-failed" });
    expect(stageCommitMessage(early, FACTS)).toBe(
      ["copperhead(spec): attempt 2 failed: the run ended early", "", trailers("fail"), ""].join(
        "\n",
      ),
    );
  });

  it("a pause and an interrupt are blocked; work stashed without a WIP ref is not described", () => {
    const paused = settlement({ verdict: "paused", stash: STASH, work: work("paused") });
    expect(stageCommitMessage(paused, FACTS)).toBe(
      ["copperhead(spec): attempt 2 paused (usage limit)", "", trailers("blocked"), ""].join("\n"),
    );
    const interrupted = settlement({ verdict: "interrupted", kept: true });
    expect(stageCommitMessage(interrupted, FACTS)).toBe(
      ["copperhead(spec): attempt 2 interrupted", "", trailers("blocked"), ""].join("\n"),
    );
  });

  it("a crash names its phase and message (the run phase when none is known)", () => {
    const crashed = settlement({
      verdict: "crashed",
      wip: WIP,
      failure: { phase: "gate", message: "kicad-cli died" },
    });
    expect(stageCommitMessage(crashed, FACTS)).toBe(
      [
        "copperhead(spec): attempt 2 stopped in the gate phase",
        "",
        "kicad-cli died",
        "",
        trailers("blocked"),
        `Copperhead-WIP: ${WIP.ref}`,
        "",
      ].join("\n"),
    );
    expect(stageCommitMessage(settlement({ verdict: "crashed" }), FACTS).split("\n")[0]).toBe(
      "copperhead(spec): attempt 2 stopped in the run phase",
    );
  });
});
