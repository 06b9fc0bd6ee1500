import { describe, expect, it } from "vitest";
import type { Fingerprints, FlowEvent, OutcomeEvent } from "../../../engine/flow/events.js";
import { buildFlowGraph } from "../../../engine/flow/graph.js";
import type { StageDeclaration } from "../../../engine/flow/stage.js";
import { deriveStates } from "../../../engine/flow/state.js";

// deriveStates on hand-written events: every staleness reason and state rule, one at a time,
// without git or files in between. `b` reads what `a` owns plus a file nobody owns.
const stage = (name: string, inputs: string[], outputs: string[]): StageDeclaration => ({
  name,
  summary: name,
  inputs,
  outputs,
  tools: [],
  turnBudget: 1,
  prompt: "",
  gate: async () => [],
});
const graph = buildFlowGraph([
  stage("a", ["notes.md"], ["a.txt"]),
  stage("b", ["a.txt", "extra.md"], ["b.txt"]),
]);

const h = (c: string) => c.repeat(64);
/** Files as they are now: every pattern of the flow, and what it matched (null: nothing). */
const files: Fingerprints = {
  "brief.md": h("1"),
  "notes.md": h("2"),
  "a.txt": h("3"),
  "extra.md": null,
  "b.txt": h("4"),
};
const inputsOf = {
  a: { "brief.md": h("1"), "notes.md": h("2") },
  b: { "brief.md": h("1"), "a.txt": h("3"), "extra.md": null },
} as const;
const outputsOf = { a: { "a.txt": h("3") }, b: { "b.txt": h("4") } } as const;

let clock = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
function outcome(
  name: "a" | "b",
  attempt: number,
  verdict: "pass" | "fail",
  over: Partial<OutcomeEvent> = {},
): OutcomeEvent {
  return {
    id: `${name}-outcome-${attempt}`,
    at: at(),
    stage: name,
    type: "outcome",
    attempt,
    verdict,
    inputs: { ...inputsOf[name] },
    outputs: { ...outputsOf[name] },
    evidence: [],
    obligations: [],
    findings: { erc: 0, drc: 0, legibility: 0 },
    adopted: false,
    ...over,
  };
}
const dispatch = (name: string, attempt: number): FlowEvent => ({
  id: `${name}-dispatch-${attempt}`,
  at: at(),
  stage: name,
  type: "dispatch",
  attempt,
  inputs: {},
  rework: [],
});
const blocked = (name: string, attempt: number): FlowEvent => ({
  id: `${name}-blocked-${attempt}`,
  at: at(),
  stage: name,
  type: "blocked",
  attempt,
  reason: "outcome.json missing",
  inputs: {},
  outputs: {},
});
const signoff = (name: string, of: string): FlowEvent => ({
  id: `${name}-signoff-${of}`,
  at: at(),
  stage: name,
  type: "signoff",
  outcome: of,
  reason: "reviewed",
  provenance: { by: "Ada", via: "test" },
});

const passes = () => [outcome("a", 1, "pass"), outcome("b", 1, "pass")];
const derive = (events: FlowEvent[], now: Fingerprints = files) => deriveStates(graph, events, now);

describe("deriveStates: why a pass is stale", () => {
  it("both passes hold while every recorded input and output matches, a recorded absence included", () => {
    const states = derive(passes());
    expect(states.get("a")).toMatchObject({ state: "valid", stale: [], changedSinceLatest: false });
    expect(states.get("b")).toMatchObject({ state: "valid", stale: [], changedSinceLatest: false });
  });

  it("an input that appeared since the pass (recorded as matching nothing) makes it stale, named 'appeared'", () => {
    const b = derive(passes(), { ...files, "extra.md": h("5") }).get("b")!;
    expect(b.state).toBe("stale");
    expect(b.stale).toEqual([{ kind: "input", pattern: "extra.md", change: "appeared" }]);
    expect(b.changedSinceLatest).toBe(true);
    expect(derive(passes(), { ...files, "extra.md": h("5") }).get("a")!.state).toBe("valid");
  });

  it("an input the pass did not record at all (the declaration gained it) makes it stale, named 'not recorded'", () => {
    const { "extra.md": _unrecorded, ...older } = inputsOf.b;
    const events = [outcome("a", 1, "pass"), outcome("b", 1, "pass", { inputs: older })];
    const b = derive(events).get("b")!;
    expect(b.state).toBe("stale");
    expect(b.stale).toEqual([{ kind: "input", pattern: "extra.md", change: "not recorded" }]);
    // Even when the file matches nothing now: the pass never looked, so it proves nothing.
    expect(files["extra.md"]).toBeNull();
  });

  it("an output the pass did not record is 'not recorded' too", () => {
    const events = [outcome("a", 1, "pass", { outputs: {} })];
    expect(derive(events).get("a")!.stale).toEqual([
      { kind: "output", pattern: "a.txt", change: "not recorded" },
    ]);
  });

  it("a changed input, a vanished output: each named with its kind and change, inputs first", () => {
    const now = { ...files, "notes.md": h("6"), "a.txt": null };
    const a = derive(passes(), now).get("a")!;
    expect(a.state).toBe("stale");
    expect(a.stale).toEqual([
      { kind: "input", pattern: "notes.md", change: "changed" },
      { kind: "output", pattern: "a.txt", change: "disappeared" },
    ]);
    // b read a.txt: its own input disappeared, and its provider is no longer valid.
    expect(derive(passes(), now).get("b")!.stale).toEqual([
      { kind: "input", pattern: "a.txt", change: "disappeared" },
      { kind: "upstream", stage: "a", state: "stale" },
    ]);
  });

  it("a pass whose files all match is stale while its provider is not valid, and says which and why", () => {
    const events = [outcome("a", 1, "pass"), outcome("b", 1, "pass"), outcome("a", 2, "fail")];
    const b = derive(events).get("b")!;
    expect(b.state).toBe("stale");
    expect(b.stale).toEqual([{ kind: "upstream", stage: "a", state: "failed" }]);
    expect(b.changedSinceLatest).toBe(false);
  });
});

describe("deriveStates: the other states", () => {
  it("no event: missing, attempt 0, nothing latest or in flight", () => {
    expect(derive([]).get("a")).toEqual({
      stage: "a",
      state: "missing",
      attempt: 0,
      stale: [],
      failStreak: 0,
      changedSinceLatest: false,
    });
  });

  it("a failed latest stays failed (never stale) but records that the files moved", () => {
    const events = [outcome("a", 1, "fail")];
    const a = derive(events, { ...files, "notes.md": h("7") }).get("a")!;
    expect(a).toMatchObject({
      state: "failed",
      stale: [],
      changedSinceLatest: true,
      failStreak: 1,
    });
    expect(derive(events).get("a")!.changedSinceLatest).toBe(false);
  });

  it("fails and blocks in a row since the last pass make the streak; an earlier pass ends the count", () => {
    const events = [
      outcome("a", 1, "fail"),
      outcome("a", 2, "pass"),
      outcome("a", 3, "fail"),
      blocked("a", 4),
      outcome("a", 5, "fail"),
    ];
    const a = derive(events).get("a")!;
    expect(a).toMatchObject({ state: "failed", failStreak: 3, attempt: 5 });
    expect(a.latest?.id).toBe("a-outcome-5");
    expect(derive([outcome("a", 1, "pass")]).get("a")!.failStreak).toBe(0);
  });

  it("a blocked latest is blocked; the attempt counts dispatches too", () => {
    const a = derive([outcome("a", 1, "pass"), dispatch("a", 2), blocked("a", 2)]).get("a")!;
    expect(a).toMatchObject({ state: "blocked", attempt: 2, failStreak: 1 });
    expect(a.inFlight).toBeUndefined();
  });

  it("the unreaped dispatch is in flight (the latest of them), over whatever was reaped before", () => {
    const events = [dispatch("a", 1), outcome("a", 1, "pass"), dispatch("a", 2), dispatch("a", 3)];
    const a = derive(events).get("a")!;
    expect(a.state).toBe("in-flight");
    expect(a.inFlight?.attempt).toBe(3);
    expect(a.latest?.id).toBe("a-outcome-1");
    expect(a.attempt).toBe(3);
    // A reaped dispatch is not in flight.
    expect(derive([dispatch("a", 1), outcome("a", 1, "pass")]).get("a")!.inFlight).toBeUndefined();
  });

  it("a signoff is current only while the pass it names is the latest and valid", () => {
    const signed = [...passes(), signoff("a", "a-outcome-1")];
    expect(derive(signed).get("a")!.signoff).toMatchObject({
      current: true,
      event: { outcome: "a-outcome-1" },
    });
    expect(derive(signed, { ...files, "notes.md": h("8") }).get("a")!.signoff?.current).toBe(false);
    // Of an older outcome: no signoff for the latest.
    expect(derive([...signed, outcome("a", 2, "pass")]).get("a")!.signoff).toBeUndefined();
    // Another stage's signoff is not this stage's.
    expect(derive(signed).get("b")!.signoff).toBeUndefined();
    // The newest of two signoffs of the same outcome is the one shown.
    const twice = [
      ...signed,
      { ...signoff("a", "a-outcome-1"), id: "a-signoff-2", reason: "again" },
    ];
    expect(derive(twice as FlowEvent[]).get("a")!.signoff?.event.reason).toBe("again");
  });

  it("with no result yet, neither a dispatch nor a signoff whose outcome the log lost shows as its signoff", () => {
    const dispatched = derive([dispatch("a", 1)]).get("a")!;
    expect(dispatched.state).toBe("in-flight");
    expect(dispatched.signoff).toBeUndefined();
    const orphan = derive([signoff("a", "a-outcome-1")]).get("a")!;
    expect(orphan.state).toBe("missing");
    expect(orphan.signoff).toBeUndefined();
  });
});
