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
