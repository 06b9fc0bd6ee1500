import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseEventLog } from "../../../engine/flow/event-log.js";
import { parseOutcome } from "../../../engine/flow/read-outcome.js";
import { stageNames } from "../../../engine/flow/stage-names.js";
import { git } from "../../../engine/repo/git.js";
import { diffResultSchema } from "../../../engine/workflow/diff-result.js";
import { builtCli } from "../../helpers/packed-cli.js";
import { runBin } from "../../helpers/run-bin.js";
import { briefOrigins, originLog } from "../../helpers/workflow-runner/brief-origins.js";
import type { HardwareOrigin } from "../../helpers/workflow-runner/hardware-origin.js";
import { demoBrief } from "../../helpers/workflow-runner/hardware-origin.js";
import type { RunResult } from "../../helpers/workflow-runner/run-workflow.js";
import { DEMO_SESSIONS, script } from "../../helpers/workflow-runner/spec-sessions.js";

const BRANCH = "copperhead/issue-19";
const origins = briefOrigins(BRANCH);
const LOGS = [".copperhead/events.jsonl", "docs/DECISIONS.md", "docs/CHANGELOG.md"];

// One dispatch of all eight stages, shared by every assertion: it is the expensive part
// (real kicad-cli through the wrapper for schematic, layout and outputs).
let h: HardwareOrigin;
let run: RunResult;
let base: string;
/** The stage commits, oldest first: [sha, stage]. */
let commits: Array<[string, string]>;
let needs: Record<string, string[]>;
const show = (rev: string, path: string) => git(h.origin, ["show", `${rev}:${path}`]);

beforeAll(async () => {
  h = await origins.setup();
  base = await h.tip(BRANCH);
  run = await h.dispatch(BRANCH, { env: script(DEMO_SESSIONS) });
  const lines = await originLog(
    h,
    `${base}..refs/heads/${BRANCH}`,
    "%H %(trailers:key=Copperhead-Stage,valueonly,separator=)",
  );
  commits = lines.reverse().map((l) => l.split(" ") as [string, string]);
  const workflow = parse(
    await readFile(join(h.person, ".github/workflows/copperhead.yml"), "utf8"),
  );
  needs = Object.fromEntries(stageNames.map((s) => [s, workflow.jobs[s].needs ?? []]));
}, 900_000);

describe("the USB-C demo's eight stages, dispatched through the local runner", () => {
  it("every job passes and the branch gets exactly eight stage commits, each after the commits of the stages it needs, with the three trailers", async () => {
    for (const id of stageNames) {
      const job = run.jobs.get(id)!;
      expect(job.conclusion, `${id}\n${job.log.slice(-4000)}`).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${id}: passed`);
      // The model's turns show in the log (what the second dispatch must not show); outputs
      // is deterministic and asks no model.
      if (id === "outputs") expect(job.log).not.toMatch(/turn 1\//);
      else expect(job.log).toMatch(/turn 1\//);
    }
    expect(run.conclusion).toBe("success");
    expect(commits.map(([, s]) => s).sort()).toEqual([...stageNames].sort());
    const position = (s: string) => commits.findIndex(([, c]) => c === s);
    for (const s of stageNames) {
      for (const n of needs[s]!) expect(position(n), `${s} after ${n}`).toBeLessThan(position(s));
    }
    // A linear history: every stage commit's parent is the one before it (the racing pushes
    // were rebased, not merged).
    for (const [i, [sha]] of commits.entries()) {
      const parent = (await git(h.origin, ["rev-parse", `${sha}^`])).trim();
      expect(parent).toBe(i === 0 ? base : commits[i - 1]![0]);
    }
    const briefSha = createHash("sha256")
      .update(await demoBrief())
      .digest("hex");
    for (const [sha, stage] of commits) {
      const trailers = (
        await git(h.origin, ["log", "-1", "--format=%(trailers:only,unfold)", sha])
      ).trim();
      expect(trailers).toContain(`Copperhead-Stage: ${stage}`);
      expect(trailers).toContain("Copperhead-Attempt: 1");
      expect(trailers).toContain(`Copperhead-Brief-SHA256: ${briefSha}`);
      expect((await git(h.origin, ["log", "-1", "--format=%s", sha])).trim()).toMatch(
        new RegExp(`^copperhead\\(${stage}\\): `),
      );
    }
  });

  it("the schematic and layout jobs upload the diff of the commit each pushed (copperhead-diff-<stage>), about that commit and its parent", async () => {
    for (const [stage, changed] of [
      ["schematic", "part-added"],
      ["layout", "footprint-added"],
    ] as const) {
      const dir = join(run.stores.artifactDir, `${run.runId}-1`, `copperhead-diff-${stage}`);
      const result = diffResultSchema.parse(
        JSON.parse(await readFile(join(dir, "diff-result.json"), "utf8")),
      );
      const sha = commits.find(([, s]) => s === stage)![0];
      expect(result).toMatchObject({ stage, sha, pr: null });
      expect(result.base).toBe((await git(h.origin, ["rev-parse", `${sha}^`])).trim());
      const kinds = [...result.report.schematic.changes, ...result.report.board.changes].map(
        (c) => c.kind,
      );
      expect(kinds, stage).toContain(changed);
      expect(result.report.checks).toBeNull();
    }
  });

  it("each stage's outcome.json on the branch is valid and passed, and is the outcome-<stage> artifact", async () => {
    for (const stage of stageNames) {
      const text = await show(`refs/heads/${BRANCH}`, `.copperhead/runs/${stage}/1/outcome.json`);
      const outcome = parseOutcome(text, "outcome.json");
      expect(outcome).toMatchObject({ stage, attempt: 1, verdict: "pass" });
      expect(outcome.evidence.length).toBeGreaterThan(0);
      expect(outcome.evidence.filter((e) => !e.ok)).toEqual([]);
      const artifact = await readFile(
        join(run.stores.artifactDir, `${run.runId}-1`, `outcome-${stage}`, "outcome.json"),
        "utf8",
      );
      expect(artifact).toBe(text);
    }
  });

  it("layout and firmware ran at the same time and both pushes landed: the logs keep every line each stage commit added", async () => {
    const at = (e: string) => run.events.indexOf(e);
    expect(at("start firmware")).toBeLessThan(at("end layout"));
    expect(at("start layout")).toBeLessThan(at("end firmware"));
    for (const s of stageNames) {
      for (const n of needs[s]!)
        expect(at(`end ${n}`), `${s} after ${n}`).toBeLessThan(at(`start ${s}`));
    }
    for (const stage of ["layout", "firmware"]) {
      expect(run.jobs.get(stage)!.summary).toContain(`pushed 1 commit(s) of ${stage} to ${BRANCH}`);
    }
    // Every line any stage commit added to an append-only log is still in the tip's copy, so
    // neither racing push dropped the other's lines; layout and firmware each added some.
    const tip = `refs/heads/${BRANCH}`;
    const addedBy = new Map<string, string[]>();
    for (const path of LOGS) {
      const final = new Set((await show(tip, path)).split("\n"));
      for (const [sha, stage] of commits) {
        const added = (await git(h.origin, ["show", "--format=", "--unified=0", sha, "--", path]))
          .split("\n")
          .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
          .map((l) => l.slice(1));
        addedBy.set(`${path} ${stage}`, added);
        for (const line of added)
          expect(final.has(line), `${path} lost ${stage}'s ${line}`).toBe(true);
      }
    }
    for (const stage of ["layout", "firmware"]) {
      expect(addedBy.get(`.copperhead/events.jsonl ${stage}`)!.length, stage).toBeGreaterThan(0);
      expect(addedBy.get(`docs/CHANGELOG.md ${stage}`)!.length, stage).toBeGreaterThan(0);
    }
    // The demo's firmware session records a decision (its layout session records none).
    expect(addedBy.get("docs/DECISIONS.md firmware")!.length).toBeGreaterThan(0);
    const events = parseEventLog(await show(tip, ".copperhead/events.jsonl")).events;
    for (const stage of stageNames) {
      expect(events.filter((e) => e.type === "outcome" && e.stage === stage)).toHaveLength(1);
    }
    expect(origins.api.refused).toEqual([]);
    expect(run.stores.minted.map((m) => m.job).sort()).toEqual([...stageNames].sort());
  });

  it("copperhead status in a fresh clone of the branch reports every stage valid", async () => {
    const clone = h.tmp.path("status-clone");
    await git(h.tmp.dir, ["clone", "-q", "-b", BRANCH, h.origin, clone]);
    const status = await runBin((await builtCli()).bin, ["status", "--json"], { cwd: clone });
    expect(status.exitCode, status.stderr).toBe(0);
    const stages = JSON.parse(status.stdout).stages as Array<{ stage: string; state: string }>;
    expect(stages.map((s) => [s.stage, s.state])).toEqual(stageNames.map((s) => [s, "valid"]));
  });

  // Last: it dispatches again on the same origin.
  it("a second dispatch commits nothing and calls no model (no sessions at all: a model call would fail the job)", async () => {
    const finished = await h.tip(BRANCH);
    const none = h.tmp.path("no-sessions");
    await mkdir(none, { recursive: true });
    const again = await h.dispatch(BRANCH, { env: script(none) });
    expect(again.conclusion).toBe("success");
    for (const id of stageNames) {
      const job = again.jobs.get(id)!;
      expect(job.conclusion, job.log.slice(-3000)).toBe("success");
      expect(job.summary).toContain(`## copperhead / ${id}: valid, nothing to do`);
      expect(job.log).not.toMatch(/turn 1\//);
    }
    expect(await h.tip(BRANCH)).toBe(finished);
  }, 600_000);
});
