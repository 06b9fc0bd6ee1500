import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportOutputs } from "../../stages/outputs/export-outputs.js";
import { outputsChecks, outputsGate } from "../../stages/outputs/stage.js";
import { ledRepo, runGate, useStageRepos } from "./stage-repos.js";

useStageRepos();

describe("outputs stage", () => {
  it("exports every artifact of the LED board, the same bytes twice, and its gate passes", async () => {
    const repo = await ledRepo();
    const first = await exportOutputs(repo);
    console.log(first.files.map((f) => `${f.kind} ${f.path}`).join("\n"));
    const bytes = await readFile(join(repo, "outputs/manifest.json"), "utf8");
    const second = await exportOutputs(repo);
    expect(await readFile(join(repo, "outputs/manifest.json"), "utf8")).toBe(bytes);
    expect(second.manifest).toEqual(first.manifest);
    const gate = await runGate((c) => outputsGate(c), repo);
    console.log(gate.evidence);
    expect(gate.evidence.map((e) => e.check)).toEqual([...outputsChecks]);
    expect(gate.passes).toBe(true);
  });
});
