import { describe, expect, it } from "vitest";
import { InterruptedError } from "../../../engine/errors.js";
import type { Outcome } from "../../../engine/flow/outcome.js";
import type { AttemptResult } from "../../../engine/pipeline/attempt.js";
import {
  recoveredLines,
  renderStageReport,
  stageReportSchema,
} from "../../../engine/pipeline/report.js";
import type { StageRunResult } from "../../../engine/pipeline/run-stage.js";
import { buildRow, carryAttempt, NO_CARRY } from "../../../engine/pipeline/stage-row.js";

const COMMIT = "c0ffee0123456789c0ffee0123456789c0ffee01";
const outcome = (verdict: Outcome["verdict"], evidence: Outcome["evidence"]): Outcome => ({
  schema: 1,
  stage: "spec",
  attempt: 2,
  verdict,
  startedAt: "2026-01-01T00:00:00.000Z",
  finishedAt: "2026-01-01T00:00:04.000Z",
  commit: "abcdef1",
  brief: { path: "brief.md", sha256: "0".repeat(64) },
  evidence,
  obligations: [],
  findings: { erc: [], drc: [], legibility: [] },
  artifacts: [],
  renders: [],
  cost: { wallMs: 4000, turns: 6, tokensIn: 1000, tokensOut: 200, cacheHits: 0 },
  resume: "copperhead stage spec",
});
const result = (over: Partial<AttemptResult>): AttemptResult => ({
  scope: "spec",
  attempt: 2,
  base: "abcdef1",
  verdict: "passed",
  startedAt: 0,
  finishedAt: 4000,
  touched: ["docs/SPEC.md"],
  kept: false,
  work: {
    exit: "done",
    summary: "Wrote it.",
    changelogOwed: false,
    verified: [],
    cost: outcome("pass", []).cost,
  },
  ...over,
});
const ran = (r: AttemptResult, o: Outcome): StageRunResult => ({
  action: "ran",
  stage: "spec",
  recovered: [],
  result: r,
  outcome: o,
  kept: {},
  provider: "scripted/script",
  row: buildRow({
    stage: "spec",
    carry: carryAttempt(NO_CARRY, r.attempt, o.cost),
    verdict: o.verdict,
    renders: [],
    finishedAt: r.finishedAt,
  }),
});

describe("renderStageReport", () => {
  it("a pass: the commit on stdout, the closing line and the checks on stderr, exit 0", () => {
    const r = renderStageReport(
      ran(
        result({ commit: COMMIT }),
        outcome("pass", [{ check: "budgets-section", ok: true, detail: "ok" }]),
      ),
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toEqual([COMMIT]);
    expect(r.stderr).toEqual([
      "passed · committed c0ffee0 · 4s · 1.2k tokens",
      "spec attempt 2 passed: budgets-section",
    ]);
    expect(stageReportSchema.parse(r.report)).toMatchObject({
      result: "passed",
      exitCode: 0,
      commit: COMMIT,
    });
    expect(r.report.next).toBeUndefined();
  });

  it("a kept gate failure: exit 1, each failed check, where the work is, and what to run next", () => {
    const r = renderStageReport(
      ran(
        result({
          verdict: "gate-failed",
          kept: true,
          commit: COMMIT,
          wip: { ref: "refs/copperhead/wip/spec/2", commit: "w" },
        }),
        outcome("fail", [
          { check: "budgets-section", ok: false, detail: "no heading named Budget(s)" },
        ]),
      ),
    );
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toEqual([]);
    expect(r.stderr).toEqual([
      "failed · 4s · 1.2k tokens",
      "spec attempt 2 finished but failed its gate:",
      "  - budgets-section: no heading named Budget(s)",
      "the work stays in the tree for the next attempt (also on refs/copperhead/wip/spec/2); the outcome is committed as c0ffee012345",
      "next: copperhead stage spec",
    ]);
    expect(r.report).toMatchObject({ result: "failed", kept: true, next: "copperhead stage spec" });
  });

  it("an interrupt: the signal's own exit code, the stash and the resume command", () => {
    const r = renderStageReport(
      ran(
        result({
          verdict: "interrupted",
          stash: { name: "copperhead: spec attempt 2 x", sha: "5ta5h0123456789", paths: [] },
          wip: { ref: "refs/copperhead/wip/spec/2", commit: "w" },
        }),
        outcome("blocked", [{ check: "run", ok: false, detail: "interrupted" }]),
      ),
      new InterruptedError("SIGTERM"),
    );
    expect(r.exitCode).toBe(143);
    expect(r.stderr.slice(1, 4)).toEqual([
      "spec attempt 2 interrupted by SIGTERM",
      "the run's work is in stash copperhead: spec attempt 2 x and on refs/copperhead/wip/spec/2; the tree is back where it started. Get it back with: git stash apply 5ta5h0123456",
      "resume with: copperhead stage spec",
    ]);
  });

  it("a pause exits 4; a refusal exits 5 with its blockers; a skip exits 0", () => {
    const paused = renderStageReport(ran(result({ verdict: "paused" }), outcome("blocked", [])));
    expect(paused.exitCode).toBe(4);
    const refused = renderStageReport({
      action: "refused",
      stage: "layout",
      recovered: [],
      attempt: 0,
      reason: "layout needs schematic (missing) to be valid first",
      blockers: [{ stage: "schematic", state: "missing" }],
      next: "copperhead stage schematic",
    });
    expect(refused).toMatchObject({
      exitCode: 5,
      stderr: ["refused: layout needs schematic (missing) to be valid first"],
    });
    expect(stageReportSchema.parse(refused.report).blockers).toEqual([
      { stage: "schematic", state: "missing" },
    ]);
    const skipped = renderStageReport({
      action: "skipped",
      stage: "spec",
      recovered: [],
      attempt: 1,
      reason: "spec is valid",
    });
    expect(skipped).toMatchObject({ exitCode: 0, stdout: [], stderr: ["spec is valid"] });
  });
});

describe("recoveredLines", () => {
  it("says where a killed run's work went and which paths were left as the person's", () => {
    expect(
      recoveredLines([
        {
          scope: "spec",
          attempt: 1,
          stash: {
            name: "copperhead: spec attempt 1 x (recovered)",
            sha: "abcdef0123456789",
            paths: [],
          },
          wip: { ref: "refs/copperhead/wip/spec/1", commit: "w" },
          yours: ["README.md"],
        },
        { scope: "do", attempt: 3, yours: [] },
      ]),
    ).toEqual([
      'recovered spec attempt 1, which stopped without an outcome: its work is in stash "copperhead: spec attempt 1 x (recovered)" and on refs/copperhead/wip/spec/1 (git stash apply abcdef012345)',
      "  left alone as yours: README.md",
      "recovered do attempt 3, which stopped without an outcome: it had left nothing in the tree",
    ]);
  });
});
