import { describe, expect, it } from "vitest";
import { CopperheadError } from "../../../engine/errors.js";
import {
  type AttemptPlan,
  runAttempt,
  type Settlement,
  type WorkReport,
} from "../../../engine/pipeline/attempt.js";
import { AttemptError } from "../../../engine/pipeline/attempt-error.js";
import { DO_POLICY, stagePolicy } from "../../../engine/pipeline/policy.js";
import type { HeldLock } from "../../../engine/pipeline/run-lock.js";
import type { Workspace } from "../../../engine/repo/workspace.js";

const COST = { wallMs: 5, turns: 3, tokensIn: 100, tokensOut: 20, cacheHits: 0 };

function work(exit: WorkReport["exit"], extra: Partial<WorkReport> = {}): WorkReport {
  return {
    exit,
    summary: `ended ${exit}`,
    changelogOwed: false,
    verified: [],
    cost: COST,
    ...extra,
  };
}

/** A workspace that records every call: the attempt's phases are read off the log. */
function fakeWorkspace(touched: string[], faults: Partial<Record<keyof Workspace, Error>> = {}) {
  const log: string[] = [];
  const step = <T>(name: keyof Workspace, detail: string, value: T): Promise<T> => {
    log.push(detail ? `${name} ${detail}` : name);
    const fault = faults[name];
    return fault ? Promise.reject(fault) : Promise.resolve(value);
  };
  const workspace: Workspace = {
    root: "/repo",
    head: () => step("head", "", "base"),
    dirty: () => step("dirty", "", []),
    untracked: () => step("untracked", "", []),
    snapshot: (carried) =>
      step("snapshot", carried ? carried.commit : "", { head: "base", untracked: ["mine.txt"] }),
    touched: () => step("touched", "", [...touched]),
    commit: (paths) => step("commit", paths.join(","), "c0ffee"),
    saveWip: (base, paths, ref) => step("saveWip", `${base} ${paths.join(",")} ${ref}`, "w1p"),
    stash: (_snapshot, name, options) =>
      step("stash", `${name} keep=${(options?.keep ?? []).join(",")}`, {
        stash: { name, sha: "5ta5h", paths: touched },
      }),
  };
  return { workspace, log };
}

/** A plan whose hooks log too; `over` replaces any of them. */
function plan(
  workspace: Workspace,
  log: string[],
  over: Partial<AttemptPlan> & { result?: WorkReport; pass?: boolean } = {},
): AttemptPlan {
  const { result = work("done"), pass = true, ...rest } = over;
  return {
    scope: "spec",
    policy: stagePolicy("spec"),
    workspace,
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    prepare: async () => {
      log.push("prepare");
    },
    dispatch: async () => {
      log.push("dispatch");
      return 3;
    },
    work: async (n) => {
      log.push(`work ${n}`);
      return result;
    },
    judge: async () => {
      log.push("judge");
      return {
        pass,
        evidence: [{ check: "budgets-section", ok: pass, detail: pass ? "filled" : "empty" }],
        unmet: [],
      };
    },
    record: async (s: Settlement) => {
      log.push(`record ${s.verdict}${s.wip ? ` wip=${s.wip.ref}` : ""}`);
    },
    reap: async (n) => {
      log.push(`reap ${n}`);
    },
    trail: (n) => [`.copperhead/runs/spec/${n}`, ".copperhead/events.jsonl"],
    changelog: async () => {
      log.push("changelog");
      return "docs/CHANGELOG.md";
    },
    pause: async (_snapshot, touched) => {
      log.push(`pause ${touched.join(",")}`);
    },
    message: (s) => `message ${s.verdict}`,
    ...rest,
  };
}

const STASH = "copperhead: spec attempt 3 20260102T030405Z";
const TRAIL = ".copperhead/runs/spec/3,.copperhead/events.jsonl";

describe("runAttempt: the phases in order", () => {
  it("a pass: snapshot → prepare → dispatch → run → gate → outcome → reap → one commit of the work and its trail", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const result = await runAttempt(plan(workspace, log));
    expect(log).toEqual([
      "snapshot",
      "prepare",
      "dispatch",
      "work 3",
      "judge",
      "touched",
      "record passed",
      "reap 3",
      `commit docs/SPEC.md,${TRAIL}`,
    ]);
    expect(result).toMatchObject({ verdict: "passed", attempt: 3, base: "base", commit: "c0ffee" });
    expect(result.kept).toBe(false);
    expect(result.wip).toBeUndefined();
    expect(result.stash).toBeUndefined();
  });

  it("a pass that owes a changelog entry writes it and commits it with the work", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    await runAttempt(plan(workspace, log, { result: work("done", { changelogOwed: true }) }));
    expect(log.slice(5)).toEqual([
      "touched",
      "changelog",
      "record passed",
      "reap 3",
      `commit docs/SPEC.md,docs/CHANGELOG.md,${TRAIL}`,
    ]);
  });

  it("a pass that touched nothing: the stage policy commits its trail; do's has nothing to commit", async () => {
    const stage = fakeWorkspace([]);
    const passed = await runAttempt(
      plan(stage.workspace, stage.log, { result: work("done", { changelogOwed: true }) }),
    );
    expect(passed.verdict).toBe("passed");
    expect(stage.log.at(-1)).toBe(`commit ${TRAIL}`);
    expect(stage.log).not.toContain("changelog");

    const request = fakeWorkspace([]);
    const unchanged = await runAttempt(plan(request.workspace, request.log, { policy: DO_POLICY }));
    expect(unchanged.verdict).toBe("unchanged");
    expect(unchanged.commit).toBeUndefined();
    expect(request.log.some((l) => l.startsWith("commit"))).toBe(false);
  });
});

describe("runAttempt: the failure policy", () => {
  it("a stage's gate failure keeps the work in the tree, on its WIP ref, and commits the trail alone", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const result = await runAttempt(plan(workspace, log, { pass: false }));
    expect(log.slice(4)).toEqual([
      "judge",
      "touched",
      "saveWip base docs/SPEC.md refs/copperhead/wip/spec/3",
      "record gate-failed wip=refs/copperhead/wip/spec/3",
      "reap 3",
      `commit ${TRAIL}`,
    ]);
    expect(result).toMatchObject({ verdict: "gate-failed", kept: true, commit: "c0ffee" });
    expect(result.wip).toEqual({ ref: "refs/copperhead/wip/spec/3", commit: "w1p" });
    expect(result.stash).toBeUndefined();
  });

  it("do's gate failure is stashed and the tree restored; no trail is committed", async () => {
    const { workspace, log } = fakeWorkspace(["docs/NOTE.md"]);
    const result = await runAttempt(plan(workspace, log, { policy: DO_POLICY, pass: false }));
    expect(log.slice(4)).toEqual([
      "judge",
      "touched",
      "saveWip base docs/NOTE.md refs/copperhead/wip/spec/3",
      "record gate-failed wip=refs/copperhead/wip/spec/3",
      "stash copperhead/do/20260102T030405Z keep=",
      "reap 3",
    ]);
    expect(result.kept).toBe(false);
    expect(result.stash).toEqual({
      name: "copperhead/do/20260102T030405Z",
      sha: "5ta5h",
      paths: ["docs/NOTE.md"],
    });
    expect(result.commit).toBeUndefined();
  });

  for (const exit of [
    "budget",
    "repair-cycles",
    "provider-error",
    "stalled",
    "refused",
    "run-error",
  ] as const) {
    it(`a run that ended ${exit} is never gated: WIP ref, named stash, tree restored, trail committed`, async () => {
      const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
      const result = await runAttempt(plan(workspace, log, { result: work(exit) }));
      expect(log.slice(3)).toEqual([
        "work 3",
        "touched",
        "saveWip base docs/SPEC.md refs/copperhead/wip/spec/3",
        "record run-failed wip=refs/copperhead/wip/spec/3",
        `stash ${STASH} keep=${TRAIL}`,
        "reap 3",
        `commit ${TRAIL}`,
      ]);
      expect(result.verdict).toBe("run-failed");
      expect(result.stash?.name).toBe(STASH);
    });
  }

  it("a pause is kept for the resume under do's policy and stashed under a stage's", async () => {
    const request = fakeWorkspace(["docs/NOTE.md"]);
    const kept = await runAttempt(
      plan(request.workspace, request.log, { policy: DO_POLICY, result: work("paused") }),
    );
    expect(request.log.slice(4)).toEqual([
      "touched",
      "record paused",
      "pause docs/NOTE.md",
      "reap 3",
    ]);
    expect(kept).toMatchObject({ verdict: "paused", kept: true });

    const stage = fakeWorkspace(["docs/SPEC.md"]);
    const stashed = await runAttempt(plan(stage.workspace, stage.log, { result: work("paused") }));
    expect(stage.log).toContain(`stash ${STASH} keep=${TRAIL}`);
    expect(stage.log).not.toContain("pause docs/SPEC.md");
    expect(stashed).toMatchObject({ verdict: "paused", kept: false });
  });

  it("an interrupt wins over everything: not gated, stashed even where a gate failure would be kept", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const controller = new AbortController();
    const result = await runAttempt(
      plan(workspace, log, {
        signal: controller.signal,
        work: async () => {
          controller.abort(new Error("interrupted by SIGTERM"));
          return work("done");
        },
      }),
    );
    expect(result.verdict).toBe("interrupted");
    expect(log).not.toContain("judge");
    expect(log).toContain(`stash ${STASH} keep=${TRAIL}`);
  });
});

describe("runAttempt: a phase that throws", () => {
  it("the gate throws: the error names the phase, the work is set aside and the crash recorded and committed", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const error = await runAttempt(
      plan(workspace, log, {
        judge: async () => {
          log.push("judge");
          throw new Error("kicad-cli died");
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttemptError);
    expect((error as AttemptError).phase).toBe("gate");
    expect((error as AttemptError).message).toContain(
      "spec: the gate phase failed: kicad-cli died",
    );
    expect(log.slice(4)).toEqual([
      "judge",
      "touched",
      "saveWip base docs/SPEC.md refs/copperhead/wip/spec/3",
      `stash ${STASH} keep=${TRAIL}`,
      "record crashed wip=refs/copperhead/wip/spec/3",
      "reap 3",
      `commit ${TRAIL}`,
    ]);
  });

  it("prepare throws: restored, nothing recorded (nothing was dispatched), the cause's fix kept", async () => {
    const { workspace, log } = fakeWorkspace(["hardware/board.kicad_pro"]);
    const error = await runAttempt(
      plan(workspace, log, {
        prepare: async () => {
          throw new CopperheadError("cannot write the scaffold", "free some disk space");
        },
      }),
    ).catch((e: unknown) => e);
    expect((error as AttemptError).phase).toBe("prepare");
    expect((error as AttemptError).fix).toBe("free some disk space");
    expect(log).toEqual([
      "snapshot",
      "touched",
      "stash copperhead: spec attempt 0 20260102T030405Z keep=",
    ]);
  });

  it("the commit of a pass throws: the work stays (it was settled), and the error says so", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], {
      commit: new Error("hook refused"),
    });
    const error = await runAttempt(plan(workspace, log)).catch((e: unknown) => e);
    expect((error as AttemptError).phase).toBe("commit");
    expect(log.filter((l) => l.startsWith("stash"))).toEqual([]);
  });

  it("a restore that fails too is named in the error, never swallowed", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], {
      stash: new Error("index.lock exists"),
    });
    const error = await runAttempt(plan(workspace, log, { result: work("budget") })).catch(
      (e: unknown) => e,
    );
    expect((error as AttemptError).phase).toBe("settle");
    expect((error as AttemptError).cleanup).toEqual(["restoring the snapshot: index.lock exists"]);
    expect((error as AttemptError).message).toContain(
      "cleanup also failed: restoring the snapshot: index.lock exists",
    );
  });
});

/** A run lock that logs what the attempt tells it. */
function fakeLock(log: string[]): HeldLock {
  return {
    record: async (run) => {
      log.push(`lock ${run.scope} ${run.attempt} ${run.snapshot?.head}`);
    },
    clear: async () => {
      log.push("lock cleared");
    },
    release: async () => {},
  };
}

/** Captures the settlements an attempt records (the crash record's fields, not only its verdict). */
function recorder(log: string[]) {
  const records: Settlement[] = [];
  const record = async (s: Settlement) => {
    log.push(`record ${s.verdict}`);
    records.push(structuredClone(s));
  };
  return { records, record };
}

describe("runAttempt: the run lock, optional hooks and the verdict's edges", () => {
  it("the lock records the dispatched attempt with its snapshot and is cleared at the end", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    await runAttempt(plan(workspace, log, { lock: fakeLock(log) }));
    expect(log.slice(2, 4)).toEqual(["dispatch", "lock spec 3 base"]);
    expect(log.at(-1)).toBe("lock cleared");
  });

  it("a plan with no optional hooks runs: no prepare, record, reap, trail, changelog or pause", async () => {
    const minimal = (workspace: Workspace, result: WorkReport, policy = stagePolicy("spec")) =>
      runAttempt({
        scope: "spec",
        policy,
        workspace,
        dispatch: async () => 1,
        work: async () => result,
        judge: async () => ({ pass: true, evidence: [], unmet: [] }),
        message: (s) => `message ${s.verdict}`,
      });
    const passed = fakeWorkspace(["docs/SPEC.md"]);
    expect((await minimal(passed.workspace, work("done", { changelogOwed: true }))).verdict).toBe(
      "passed",
    );
    expect(passed.log).toEqual(["snapshot", "touched", "commit docs/SPEC.md"]);
    const paused = fakeWorkspace(["docs/NOTE.md"]);
    const result = await minimal(paused.workspace, work("paused"), DO_POLICY);
    expect(result).toMatchObject({ verdict: "paused", kept: true });
    expect(paused.log).toEqual(["snapshot", "touched"]);
  });

  it("a run that reports itself interrupted is interrupted without a signal", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const result = await runAttempt(plan(workspace, log, { result: work("interrupted") }));
    expect(result.verdict).toBe("interrupted");
    expect(log).not.toContain("judge");
  });

  it("an interrupt during the gate is interrupted, with the gate's judgement kept", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const controller = new AbortController();
    const judgement = { pass: false, evidence: [], unmet: [] };
    const result = await runAttempt(
      plan(workspace, log, {
        signal: controller.signal,
        judge: async () => {
          controller.abort(new Error("SIGINT"));
          return judgement;
        },
      }),
    );
    expect(result.verdict).toBe("interrupted");
    expect(result.judgement).toEqual(judgement);
    expect(log).toContain(`stash ${STASH} keep=${TRAIL}`);
  });

  it("the gate's judgement is part of the result", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const result = await runAttempt(plan(workspace, log, { pass: false }));
    expect(result.judgement).toEqual({
      pass: false,
      evidence: [{ check: "budgets-section", ok: false, detail: "empty" }],
      unmet: [],
    });
  });

  it("the trail is never among the touched paths, and a changelog already touched is committed once", async () => {
    const { workspace, log } = fakeWorkspace([
      "docs/SPEC.md",
      "docs/CHANGELOG.md",
      ".copperhead/events.jsonl",
    ]);
    const result = await runAttempt(
      plan(workspace, log, { result: work("done", { changelogOwed: true }) }),
    );
    expect(result.touched).toEqual(["docs/SPEC.md", "docs/CHANGELOG.md"]);
    expect(log.at(-1)).toBe(`commit docs/SPEC.md,docs/CHANGELOG.md,${TRAIL}`);
  });

  it("do's pass that touched files is a pass with a commit of the work alone; its gate failure with none is a failure", async () => {
    const passed = fakeWorkspace(["docs/NOTE.md"]);
    const result = await runAttempt(plan(passed.workspace, passed.log, { policy: DO_POLICY }));
    expect(result).toMatchObject({ verdict: "passed", commit: "c0ffee" });
    expect(passed.log.at(-1)).toBe("commit docs/NOTE.md");

    const failed = fakeWorkspace([]);
    const none = await runAttempt(
      plan(failed.workspace, failed.log, { policy: DO_POLICY, pass: false }),
    );
    expect(none.verdict).toBe("gate-failed");
    expect(none.wip).toBeUndefined();
    expect(failed.log.slice(4)).toEqual([
      "judge",
      "touched",
      "record gate-failed",
      "stash copperhead/do/20260102T030405Z keep=",
      "reap 3",
    ]);
  });

  it("do's unchanged pass records, reaps and does nothing else", async () => {
    const { workspace, log } = fakeWorkspace([]);
    const result = await runAttempt(plan(workspace, log, { policy: DO_POLICY }));
    expect(result.verdict).toBe("unchanged");
    expect(log.slice(4)).toEqual(["judge", "touched", "record unchanged", "reap 3"]);
  });

  it("a failed run that touched nothing saves no WIP ref; a gate failure owes no changelog", async () => {
    const run = fakeWorkspace([]);
    const failed = await runAttempt(plan(run.workspace, run.log, { result: work("budget") }));
    expect(failed.wip).toBeUndefined();
    expect(run.log.some((l) => l.startsWith("saveWip"))).toBe(false);

    const gate = fakeWorkspace(["docs/SPEC.md"]);
    await runAttempt(
      plan(gate.workspace, gate.log, {
        pass: false,
        result: work("done", { changelogOwed: true }),
      }),
    );
    expect(gate.log).not.toContain("changelog");
  });
});

describe("runAttempt: each phase that throws is named, and its crash recorded once", () => {
  const boom = () => {
    throw new Error("boom");
  };
  // A record that fails in its phase is tried once more as the crash record, and fails again.
  it.each([
    ["snapshot", {}, { snapshot: new Error("boom") }, []],
    ["dispatch", { dispatch: async () => boom() }, {}, []],
    ["run", { work: async () => boom() }, {}, []],
    ["outcome", { record: async () => boom() }, {}, ["writing the attempt's record: boom"]],
    [
      "settle",
      { changelog: async () => boom(), result: work("done", { changelogOwed: true }) },
      {},
      [],
    ],
    ["reap", { reap: async () => boom() }, {}, []],
  ] as const)("%s", async (phase, over, faults, cleanup) => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], faults);
    const error = await runAttempt(plan(workspace, log, over)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttemptError);
    expect((error as AttemptError).phase).toBe(phase);
    expect((error as AttemptError).cleanup).toEqual(cleanup);
  });

  it("a snapshot that fails leaves nothing to set aside", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], { snapshot: new Error("boom") });
    await runAttempt(plan(workspace, log, { lock: fakeLock(log) })).catch(() => undefined);
    expect(log).toEqual(["snapshot"]);
  });

  it("a reap that throws after the record does not record the attempt again", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    await runAttempt(
      plan(workspace, log, {
        reap: async () => {
          throw new Error("log locked");
        },
      }),
    ).catch(() => undefined);
    expect(log.filter((l) => l.startsWith("record"))).toEqual(["record passed"]);
  });

  it("the crash record: its attempt, the touched paths without the trail, its stash and WIP ref, not kept, the failure", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md", ".copperhead/events.jsonl"]);
    const { records, record } = recorder(log);
    await runAttempt(
      plan(workspace, log, {
        record,
        lock: fakeLock(log),
        judge: async () => {
          throw new Error("kicad-cli died");
        },
      }),
    ).catch(() => undefined);
    expect(records).toEqual([
      {
        scope: "spec",
        attempt: 3,
        base: "base",
        verdict: "crashed",
        startedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
        finishedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
        touched: ["docs/SPEC.md"],
        kept: false,
        failure: { phase: "gate", message: "kicad-cli died" },
        wip: { ref: "refs/copperhead/wip/spec/3", commit: "w1p" },
        stash: { name: STASH, sha: "5ta5h", paths: ["docs/SPEC.md", ".copperhead/events.jsonl"] },
      },
    ]);
    expect(log).toContain("saveWip base docs/SPEC.md refs/copperhead/wip/spec/3");
    expect(log.at(-1)).toBe("lock cleared");
  });

  it("a crash that touched nothing saves no WIP ref; under do's policy no trail is committed", async () => {
    const { workspace, log } = fakeWorkspace([]);
    const error = await runAttempt(
      plan(workspace, log, {
        policy: DO_POLICY,
        judge: async () => {
          throw new Error("kicad-cli died");
        },
      }),
    ).catch((e: unknown) => e);
    expect((error as AttemptError).cleanup).toEqual([]);
    expect(log.slice(3)).toEqual([
      "work 3",
      "touched",
      "stash copperhead/do/20260102T030405Z keep=",
      "record crashed",
      "reap 3",
    ]);
  });

  it("a crash without a reap hook needs none", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"]);
    const error = await runAttempt(
      plan(workspace, log, {
        reap: undefined,
        judge: async () => {
          throw new Error("kicad-cli died");
        },
      }),
    ).catch((e: unknown) => e);
    expect((error as AttemptError).cleanup).toEqual([]);
    expect(log.at(-1)).toBe(`commit ${TRAIL}`);
  });

  it("every cleanup step that fails is named in the error, and the others still run", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], {
      touched: new Error("status failed"),
    });
    const error = await runAttempt(
      plan(workspace, log, {
        record: async () => {
          throw new Error("disk full");
        },
        reap: async () => {
          throw new Error("log locked");
        },
        lock: {
          ...fakeLock(log),
          clear: async () => {
            throw new Error("lock gone");
          },
        },
      }),
    ).catch((e: unknown) => e);
    // touched() failing in the gate's aftermath is the crash itself (phase gate).
    expect((error as AttemptError).phase).toBe("gate");
    expect((error as AttemptError).cleanup).toEqual([
      "listing the touched paths: status failed",
      "writing the attempt's record: disk full",
      "collecting the attempt into the event log: log locked",
      "clearing the run lock: lock gone",
    ]);
    expect(log.some((l) => l.startsWith("saveWip"))).toBe(false);
  });

  it("a WIP ref or trail commit that fails during the cleanup is named too", async () => {
    const { workspace, log } = fakeWorkspace(["docs/SPEC.md"], {
      saveWip: new Error("ref locked"),
      commit: new Error("hook refused"),
    });
    const error = await runAttempt(
      plan(workspace, log, {
        judge: async () => {
          throw new Error("kicad-cli died");
        },
      }),
    ).catch((e: unknown) => e);
    expect((error as AttemptError).cleanup).toEqual([
      "saving the WIP ref: ref locked",
      "committing the trail: hook refused",
    ]);
  });
});
