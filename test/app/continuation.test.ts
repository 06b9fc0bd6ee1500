import { describe, expect, test } from "vitest";
import { cutShort, leftover, planContinuation } from "../../app/continuation.js";
import type { DesignView } from "../../app/design-view.js";
import { EMPTY_LEDGER } from "../../app/render/ledger.js";
import type { Outcome } from "../../engine/flow/outcome.js";
import type { Settlement } from "../../engine/pipeline/attempt.js";
import { buildOutcome } from "../../engine/pipeline/outcome-record.js";
import { makeOutcome } from "./fixtures/outcomes.js";
import { halfwayView } from "./render/fixtures.js";

const FACTS = {
  brief: { path: "brief.md", sha256: "a".repeat(64) },
  artifacts: [],
  resume: "copperhead create",
};

/** The outcome the engine writes for an attempt: `verdict`, with `extra` (work, judgement). */
function engineOutcome(verdict: string, extra: Partial<Settlement> = {}): Outcome {
  const settlement = {
    scope: "schematic",
    attempt: 1,
    base: "0".repeat(40),
    verdict,
    startedAt: 0,
    finishedAt: 1,
    touched: [],
    kept: false,
    ...extra,
  } as unknown as Settlement;
  return buildOutcome(settlement, FACTS);
}

/** An attempt whose run ended with `exit`, no gate asked. */
const endedWith = (exit: string, verdict = "run-failed") =>
  engineOutcome(verdict, {
    work: {
      exit,
      summary: "why it stopped",
      changelogOwed: false,
      verified: [],
      cost: { wallMs: 1, turns: 60, tokensIn: 1, tokensOut: 1, cacheHits: 0 },
    },
  } as unknown as Partial<Settlement>);

describe("which unfinished attempts another run can move on", () => {
  test("an attempt cut short at its turn budget or by an interrupt (as the engine records it) is; a judged or abandoned one is not", () => {
    expect(cutShort(endedWith("budget"))).toBe(true);
    expect(cutShort(endedWith("interrupted", "interrupted"))).toBe(true);
    // What recover.ts writes for an attempt a later run found killed: no work, interrupted.
    expect(cutShort(engineOutcome("interrupted"))).toBe(true);
    for (const exit of ["refused", "stalled", "repair-cycles", "provider-error", "paused"])
      expect(cutShort(endedWith(exit)), exit).toBe(false);
    const judged = engineOutcome("gate-failed", {
      judgement: {
        pass: false,
        evidence: [{ check: "erc-clean", ok: false, detail: "3 errors" }],
        unmet: [],
      },
    });
    expect(cutShort(judged)).toBe(false);
  });

  test("a stage without an outcome moves on when a limit cancelled its job, not when the job broke or was skipped", () => {
    const stage = halfwayView().stages.find((s) => s.stage === "layout")!;
    const withJob = (conclusion: string | null) => ({
      ...stage,
      job: { name: "copperhead / layout", status: "completed", conclusion, htmlUrl: null },
    });
    expect(leftover(withJob("cancelled"), null)).toBe("stopped");
    expect(leftover(withJob("timed_out"), null)).toBe("stopped");
    expect(leftover(withJob("failure"), null)).toBe("terminal");
    expect(leftover(withJob("skipped"), null)).toBe("waiting");
    expect(leftover({ ...stage, enabled: false }, null)).toBe("off");
    expect(leftover({ ...stage, unreadable: "not JSON" }, null)).toBe("terminal");
  });
});

describe("planContinuation", () => {
  const BRIEF = makeOutcome("spec", 1).brief.sha256;
  /** Every stage passed on the current brief, but `change` applied to the view. */
  function ended(change: (v: DesignView) => void = () => {}): DesignView {
    const view = halfwayView();
    for (const s of view.stages) {
      s.enabled = true;
      s.outcome = makeOutcome(s.stage, 1);
      s.job = {
        name: `copperhead / ${s.stage}`,
        status: "completed",
        conclusion: "success",
        htmlUrl: null,
      };
    }
    change(view);
    return view;
  }
  const run = (title = "copperhead copperhead/issue-7 [d-1]", conclusion = "failure") => ({
    id: 99,
    conclusion,
    displayTitle: title,
  });
  const stopAt = (stage: string) => (v: DesignView) => {
    const s = v.stages.find((x) => x.stage === stage)!;
    s.outcome = endedWith("budget");
    s.outcome.stage = stage;
    for (const later of v.stages.slice(v.stages.indexOf(s) + 1)) {
      later.outcome = null;
      later.job = { ...later.job!, conclusion: "skipped" };
    }
  };

  test("a stage stopped at its budget: continuation n+1, naming what is left", () => {
    expect(planContinuation(ended(stopAt("layout")), run(), EMPTY_LEDGER, 3, BRIEF)).toEqual({
      dispatch: true,
      number: 1,
      stages: ["layout"],
    });
    expect(
      planContinuation(
        ended(stopAt("layout")),
        run("copperhead copperhead/issue-7 [d-c2-x]"),
        EMPTY_LEDGER,
        3,
        BRIEF,
      ),
    ).toMatchObject({ dispatch: true, number: 3 });
  });

  test("every stage passed on an older brief: every stage is stale and the design runs again", () => {
    const plan = planContinuation(ended(), run(), EMPTY_LEDGER, 3, "9".repeat(64));
    expect(plan).toMatchObject({ dispatch: true, number: 1 });
    expect(plan.dispatch && plan.stages).toHaveLength(8);
  });

  test.each([
    ["everything passed", ended(), run(), EMPTY_LEDGER, 3, "nothing is left to run"],
    [
      "a gate failed: only a person moves it on (the stages behind it wait for that)",
      ended((v) => {
        stopAt("schematic")(v);
        v.stages[3]!.outcome = makeOutcome("schematic", 1, {
          verdict: "fail",
          evidence: [{ check: "erc-clean", ok: false, detail: "3 errors" }],
        });
      }),
      run(),
      EMPTY_LEDGER,
      3,
      "what is left needs a person",
    ],
    ["continuations: 0", ended(stopAt("layout")), run(), EMPTY_LEDGER, 0, "are off"],
    [
      "the bound",
      ended(stopAt("layout")),
      run("copperhead copperhead/issue-7 [d-c3-x]"),
      EMPTY_LEDGER,
      3,
      "automatic continuation 3 of 3",
    ],
    [
      "cancelled",
      ended(stopAt("layout")),
      run(undefined, "cancelled"),
      EMPTY_LEDGER,
      3,
      "cancelled",
    ],
    [
      "stopped",
      ended(stopAt("layout")),
      run(),
      { continuedAfter: [], stopped: [99] },
      3,
      "/copperhead stop",
    ],
    [
      "already continued",
      ended(stopAt("layout")),
      run(),
      { continuedAfter: [99], stopped: [] },
      3,
      "already continued",
    ],
    [
      "a newer run on the branch",
      ended((v) => {
        stopAt("layout")(v);
        v.run = { ...v.run!, id: 100, status: "queued", conclusion: null };
      }),
      run(),
      EMPTY_LEDGER,
      3,
      "a newer design run",
    ],
  ])("no dispatch: %s", (_, view, ended, ledger, max, why) => {
    const plan = planContinuation(view, ended, ledger, max, BRIEF);
    expect(plan.dispatch).toBe(false);
    expect(!plan.dispatch && plan.why).toContain(why);
  });
});
