import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ScriptedTurn } from "../../../../engine/agent/providers/script-schema.js";
import { readFlow } from "../../../../engine/flow/read-flow.js";
import { OriginError } from "../../../../engine/pipeline/create/create-repo.js";
import { createReportSchema } from "../../../../engine/pipeline/create/create-report.js";
import type { CreateRun } from "../../../../engine/pipeline/create/run-create.js";
import { DirtyTreeError } from "../../../../engine/pipeline/dirty-tree.js";
import { git } from "../../../../engine/repo/git.js";
import { treeState } from "../../../helpers/tree-state.js";
import { gitRepo } from "../../agent/acceptance/git-repo.js";
import {
  copyRepo,
  create,
  demoSession,
  EXAMPLE,
  emptyFolder,
  failingSchematic,
  RECHECK,
  readJson,
  SESSIONS,
  scriptedModels,
  sessionFolder,
  UP_TO_SCHEMATIC,
  useCreateDirs,
} from "./create-fixtures.js";

useCreateDirs();

const subjects = async (repo: string) =>
  (await git(repo, ["log", "--reverse", "--format=%s"])).trim().split("\n");
const stageTrailers = async (repo: string) =>
  (await git(repo, ["log", "--reverse", "--format=%(trailers:key=Copperhead-Stage,valueonly)"]))
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
const reportOf = async (repo: string) =>
  createReportSchema.parse(await readJson(join(repo, ".copperhead/runs/report.json")));
const statesOf = async (repo: string) =>
  [...(await readFlow(repo, UP_TO_SCHEMATIC)).statuses.values()].map((s) => [s.stage, s.state]);

let finished: CreateRun;
let finishedCalls = 0;
beforeAll(async () => {
  const models = scriptedModels(SESSIONS);
  finished = await create(await emptyFolder(), models);
  finishedCalls = models.calls();
}, 300_000);

describe("runCreate, on the demo's first four stages", () => {
  it("a folder without git: init, .gitignore, origin, first and brief commits, one commit per stage and the report; a clean tree", async () => {
    expect(finished.result, finished.message).toBe("done");
    const repo = finished.repo;
    expect(await subjects(repo)).toEqual([
      "copperhead(create): start the design repository",
      "copperhead(create): brief: USB-C 5V power breakout",
      "copperhead(spec): Wrote the USB-C breakout specification with its budgets and fla…",
      "copperhead(architecture): Split the breakout into USB-C input, protection, 5V output and …",
      "copperhead(parts): Chose every part of the breakout with its symbol, footprint and…",
      "copperhead(schematic): Drafted the USB-C breakout schematic from its intent and wrote …",
      expect.stringMatching(
        /^copperhead\(create\): report: done, 4 ran, (?:\d+m)?\d+s, [\d.]+k? tokens$/,
      ),
    ]);
    expect(await stageTrailers(repo)).toEqual(["spec", "architecture", "parts", "schematic"]);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
    // git can commit: the person's identity, or the repo-local fallback when there is none.
    expect((await git(repo, ["config", "user.name"])).trim()).not.toBe("");
    expect(await readFile(join(repo, ".gitignore"), "utf8")).toContain(".copperhead/cache/\n");
    expect(await readJson(join(repo, ".copperhead/config.json"))).toMatchObject({
      origin: "create",
    });
    expect(await readFile(join(repo, "brief.md"), "utf8")).toBe(
      await readFile(join(EXAMPLE, "brief.md"), "utf8"),
    );

    const report = await reportOf(repo);
    expect(report.result).toBe("done");
    expect(report.stages.map((s) => [s.stage, s.status, s.attempts])).toEqual([
      ["spec", "ran", 1],
      ["architecture", "ran", 1],
      ["parts", "ran", 1],
      ["schematic", "ran", 1],
    ]);
    expect(report.totals.turns).toBe(6 + 6 + 9 + 8);
    expect(finishedCalls).toBe(report.totals.turns);
    expect(report.stages.find((s) => s.stage === "schematic")?.renders).toEqual([
      ".copperhead/runs/schematic/1/renders/schematic.png",
    ]);
    expect(report.slowest?.stage).toMatch(/^(spec|architecture|parts|schematic)$/);
    const md = await readFile(join(repo, ".copperhead/runs/REPORT.md"), "utf8");
    expect(md).toContain("| 4 | schematic | ran | 1 |");
    expect(md).toMatch(/Slowest stage: \*\*\w+\*\*/);
    expect(report.resume).toBeNull();
    expect(await statesOf(repo)).toEqual([
      ["spec", "valid"],
      ["architecture", "valid"],
      ["parts", "valid"],
      ["schematic", "valid"],
    ]);
  });

  it("a second create on the finished repo asks no model and writes nothing", async () => {
    const repo = await copyRepo(finished.repo);
    const models = scriptedModels(SESSIONS);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const before = await treeState(repo);
    const again = await create(repo, models);
    expect(again.result).toBe("done");
    expect(models.made()).toBe(0);
    expect(models.calls()).toBe(0);
    expect(again.report).toBeUndefined();
    expect(again.head).toBe(head);
    expect(await treeState(repo)).toEqual(before);
  });

  it("a person's committed edit of docs/SPEC.md: spec is adopted as edited, the stages below it rerun, asserted by name", async () => {
    const repo = await copyRepo(finished.repo);
    const spec = await readFile(join(repo, "docs/SPEC.md"), "utf8");
    await writeFile(
      join(repo, "docs/SPEC.md"),
      spec.replace(
        "no USB Power Delivery negotiation.",
        "no USB Power Delivery negotiation. Reviewed by hand before layout.",
      ),
    );
    await git(repo, ["commit", "-qam", "spec: reviewed"]);
    const stale = (await readFlow(repo, UP_TO_SCHEMATIC)).statuses;
    expect([...stale.values()].map((s) => [s.stage, s.state])).toEqual([
      ["spec", "stale"],
      ["architecture", "stale"],
      ["parts", "stale"],
      ["schematic", "stale"],
    ]);
    expect(stale.get("spec")?.stale).toEqual([
      { kind: "output", pattern: "docs/SPEC.md", change: "changed" },
    ]);
    const models = scriptedModels(RECHECK);
    const run = await create(repo, models);
    expect(run.result, run.message).toBe("done");
    const report = await reportOf(repo);
    expect(report.stages.map((s) => [s.stage, s.status])).toEqual([
      ["spec", "adopted"],
      ["architecture", "ran"],
      ["parts", "ran"],
      ["schematic", "ran"],
    ]);
    expect(models.made()).toBe(3);
    // The person's edit is the spec now: nothing of copperhead's wrote over it.
    expect(await readFile(join(repo, "docs/SPEC.md"), "utf8")).toContain("Reviewed by hand");
    expect(
      await git(repo, [
        "log",
        "-1",
        "--format=%(trailers:only,unfold)",
        "--grep=^Copperhead-Adopted",
      ]),
    ).toContain("Copperhead-Stage: spec");
    expect((await statesOf(repo)).every(([, state]) => state === "valid")).toBe(true);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  }, 300_000);

  it("a scripted failure in the schematic's first attempt: a diagnosis says retry, the retry runs with its guidance first in the prompt and passes; the report shows 2 attempts and the diagnosis tokens", async () => {
    const { turns, guidance } = await failingSchematic();
    const models = scriptedModels(await sessionFolder({ schematic: turns }));
    const run = await create(await emptyFolder(), models);
    expect(run.result, run.message).toBe("done");
    const repo = run.repo;
    expect((await subjects(repo)).slice(-3)).toEqual([
      "copperhead(schematic): attempt 1 failed its gate (pinout-present)",
      "copperhead(schematic): Drafted the USB-C breakout schematic from its intent and wrote …",
      expect.stringMatching(/^copperhead\(create\): report: done, 4 ran/),
    ]);
    const transcript = (
      await readFile(join(repo, ".copperhead/runs/schematic/2/transcript.jsonl"), "utf8")
    )
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l));
    const prompt = transcript.find((l) => l.type === "prompt").prompt as string;
    expect(
      prompt.startsWith(`Guidance from the diagnosis of attempt 1, which failed:\n${guidance}\n`),
    ).toBe(true);
    expect(prompt).toContain("- pinout-present:");

    const report = await reportOf(repo);
    const schematic = report.stages.find((s) => s.stage === "schematic")!;
    expect(schematic.attempts).toBe(2);
    expect(schematic.attemptNumbers).toEqual([1, 2]);
    expect(schematic.diagnoses).toHaveLength(1);
    const diagnosis = schematic.diagnoses[0]!;
    expect(diagnosis).toMatchObject({ afterAttempt: 1, verdict: "retry", guidance, cached: false });
    expect(diagnosis.tokensOut).toBeGreaterThan(0);
    expect(report.totals.diagnosisTokens).toBe(diagnosis.tokensIn + diagnosis.tokensOut);
    // The diagnosis counts in the stage's cost: 7 + 6 agent turns and the diagnosis turn.
    expect(schematic.turns).toBe(7 + 1 + 6);
    expect(models.calls()).toBe(6 + 6 + 9 + 14);
    const md = await readFile(join(repo, ".copperhead/runs/REPORT.md"), "utf8");
    expect(md).toMatch(
      /\| 4 \| schematic \| ran \| 2 \| .* \| retry after 1 \([\d.]+k? tokens\) \|/,
    );
    expect(md).toContain("## Diagnoses");
    // The row the pass committed already holds the diagnosis.
    expect((await readJson(join(repo, ".copperhead/runs/schematic/row.json"))).diagnoses).toEqual(
      schematic.diagnoses,
    );
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  }, 300_000);
});

describe("runCreate when a stage cannot pass", () => {
  it("out of retries, a diagnosis that aborts, a person's edit refused, then a resume that commits the kept work and passes", async () => {
    const { turns } = await failingSchematic();
    const demo = await demoSession("schematic");
    const firstAttempt = turns.slice(0, 7);
    // Run A, no retries: attempt 1 fails its gate and the run stops at once, no diagnosis.
    const a = await create(
      await emptyFolder(),
      scriptedModels(await sessionFolder({ schematic: firstAttempt })),
      { retries: 0 },
    );
    const repo = a.repo;
    expect(a.result).toBe("failed");
    expect(a.resumesAt).toBe("schematic");
    expect(a.message).toMatch(
      /^schematic is out of attempts \(1 failed in this run; the last: pinout-present: /,
    );
    const afterA = await reportOf(repo);
    expect(afterA.resume).toBe("copperhead create --brief brief.md");
    expect(afterA.resumesAt).toBe("schematic");
    expect(afterA.stages.find((s) => s.stage === "schematic")).toMatchObject({
      status: "failed",
      attempts: 1,
      diagnoses: [],
    });
    // The gate failure kept its work in the tree for the next attempt.
    const kept = (await git(repo, ["status", "--porcelain", "-uall"])).trim();
    expect(kept).toContain("hardware/usb-c-5v-power-breakout.kicad_sch");

    // A person's uncommitted edit next to it: refused, nothing touched.
    await writeFile(join(repo, "docs/SUBSYSTEMS.md"), "# mine\n");
    const before = await treeState(repo);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const refused = await create(repo, scriptedModels(SESSIONS)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DirtyTreeError);
    expect((refused as DirtyTreeError).message).toContain("(docs/SUBSYSTEMS.md)");
    expect((refused as DirtyTreeError).message).toContain("it touched nothing");
    expect(await treeState(repo)).toEqual(before);
    expect((await git(repo, ["rev-parse", "HEAD"])).trim()).toBe(head);
    await git(repo, ["checkout", "--", "docs/SUBSYSTEMS.md"]);

    // Run C: the kept work is committed first; attempt 2 fails again and its diagnosis aborts.
    const abortTurn: ScriptedTurn = {
      text: JSON.stringify({ verdict: "abort", reason: "the attempt never writes the pinout" }),
      tools: [],
    };
    const retryTurns = turns.slice(8, 11);
    const c = await create(
      repo,
      scriptedModels(
        await sessionFolder({
          schematic: [...retryTurns, demo[6]!, demo[7]!, abortTurn].map((t) => ({
            ...t,
            expect: undefined,
          })) as ScriptedTurn[],
        }),
      ),
    );
    expect(c.leftovers?.stage).toBe("schematic");
    expect(c.leftovers?.paths).toContain("hardware/usb-c-5v-power-breakout.kicad_sch");
    expect(c.result).toBe("failed");
    expect(c.message).toContain("its diagnosis says abort: the attempt never writes the pinout");
    const afterC = await reportOf(repo);
    expect(afterC.stages.map((s) => s.status)).toEqual(["skipped", "skipped", "skipped", "failed"]);
    const row = await readJson(join(repo, ".copperhead/runs/schematic/row.json"));
    expect(row.diagnoses).toMatchObject([{ afterAttempt: 2, verdict: "abort" }]);
    expect(await subjects(repo)).toContain(
      "copperhead(create): resume: commit schematic attempt 1's unfinished work",
    );

    // Run D: builds on what is there and passes; the stage is resumed.
    const d = await create(
      repo,
      scriptedModels(await sessionFolder({ schematic: turns.slice(8) })),
    );
    expect(d.result, d.message).toBe("done");
    const afterD = await reportOf(repo);
    expect(afterD.stages.find((s) => s.stage === "schematic")).toMatchObject({
      status: "resumed",
      attemptNumbers: [3],
    });
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
  }, 600_000);

  it("refuses a repository copperhead init set up, touching nothing", async () => {
    const made = await gitRepo({
      "brief.md": "# A board\n\nA board.\n",
      ".copperhead/config.json": '{ "origin": "init" }\n',
    });
    const before = await treeState(made.repo);
    const error = await create(made.repo, scriptedModels(SESSIONS)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OriginError);
    expect((error as OriginError).fix).toContain('copperhead do "<request>"');
    expect(await treeState(made.repo)).toEqual(before);
    await made.done();
  });
});
