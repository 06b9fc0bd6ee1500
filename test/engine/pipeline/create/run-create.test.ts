import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFlow } from "../../../../engine/flow/read-flow.js";
import { createReportSchema } from "../../../../engine/pipeline/create/create-report.js";
import { git } from "../../../../engine/repo/git.js";
import { treeState } from "../../../helpers/tree-state.js";
import {
  create,
  emptyFolder,
  failingSchematic,
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

describe("runCreate, on the demo's first four stages", () => {
  it("a folder without git: init, identity, .gitignore, first commit, brief commit, then one commit per stage and the report; a second run asks no model and writes nothing", async () => {
    const target = await emptyFolder();
    const models = scriptedModels(SESSIONS);
    const run = await create(target, models);
    expect(run.result).toBe("done");
    const repo = run.repo;
    expect(await subjects(repo)).toEqual([
      "copperhead(create): start the design repository",
      "copperhead(create): brief: USB-C 5V power breakout",
      "copperhead(spec): Wrote the USB-C breakout specification with its budgets and fla…",
      "copperhead(architecture): Split the breakout into USB-C input, protection, 5V output and …",
      "copperhead(parts): Chose every part of the breakout with its symbol, footprint and…",
      "copperhead(schematic): Drafted the USB-C breakout schematic from its intent and wrote …",
      expect.stringMatching(/^copperhead\(create\): report: done, 4 ran, \d+s, [\d.]+k? tokens$/),
    ]);
    expect(await stageTrailers(repo)).toEqual(["spec", "architecture", "parts", "schematic"]);
    expect(await git(repo, ["status", "--porcelain"])).toBe("");
    // git can commit: the person's identity, or the repo-local fallback when there is none.
    expect((await git(repo, ["config", "user.name"])).trim()).not.toBe("");
    expect(await readFile(join(repo, ".gitignore"), "utf8")).toContain(".copperhead/cache/\n");
    expect(await readJson(join(repo, ".copperhead/config.json"))).toMatchObject({
      origin: "create",
    });

    const report = createReportSchema.parse(
      await readJson(join(repo, ".copperhead/runs/report.json")),
    );
    expect(report.result).toBe("done");
    expect(report.stages.map((s) => [s.stage, s.status, s.attempts])).toEqual([
      ["spec", "ran", 1],
      ["architecture", "ran", 1],
      ["parts", "ran", 1],
      ["schematic", "ran", 1],
    ]);
    expect(report.totals.turns).toBe(6 + 6 + 9 + 8);
    expect(report.stages.find((s) => s.stage === "schematic")?.renders).toEqual([
      ".copperhead/runs/schematic/1/renders/schematic.svg",
    ]);
    const md = await readFile(join(repo, ".copperhead/runs/REPORT.md"), "utf8");
    expect(md).toContain("| 4 | schematic | ran | 1 |");
    expect(md).toMatch(/Slowest stage: \*\*\w+\*\*/);
    expect(report.resume).toBeNull();
    const flow = await readFlow(repo, UP_TO_SCHEMATIC);
    expect([...flow.statuses.values()].map((s) => s.state)).toEqual(Array(4).fill("valid"));

    const calls = models.calls();
    expect(calls).toBe(report.totals.turns);
    const head = (await git(repo, ["rev-parse", "HEAD"])).trim();
    const before = await treeState(repo);
    const again = await create(target, models);
    expect(again.result).toBe("done");
    expect(models.calls()).toBe(calls);
    expect(models.made()).toBe(4);
    expect(again.report).toBeUndefined();
    expect(again.head).toBe(head);
    expect(await treeState(repo)).toEqual(before);
  }, 300_000);

  it("a scripted failure in the schematic's first attempt: a diagnosis says retry, the retry runs with its guidance first in the prompt and passes; the report shows 2 attempts and the diagnosis tokens", async () => {
    const { turns, guidance } = await failingSchematic();
    const models = scriptedModels(await sessionFolder({ schematic: turns }));
    const run = await create(await emptyFolder(), models);
    expect(run.result, run.message).toBe("done");
    const repo = run.repo;
    const log = await subjects(repo);
    expect(log.slice(-3)).toEqual([
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

    const report = createReportSchema.parse(
      await readJson(join(repo, ".copperhead/runs/report.json")),
    );
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
