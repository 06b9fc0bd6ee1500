import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordDispatch } from "../../../engine/flow/dispatch.js";
import { readFlow } from "../../../engine/flow/read-flow.js";
import { reapRun } from "../../../engine/flow/reap.js";
import { outcomePath } from "../../../engine/flow/run-paths.js";
import { type FlowAction, nextAction } from "../../../engine/flow/scheduler.js";
import { stageGraph } from "../../../stages/registry.js";
import { designWith, outcomeFor, runStage, type TempRepo, useTempRepos } from "./flow-fixture.js";

useTempRepos();
const graph = stageGraph();

async function next(repo: TempRepo): Promise<FlowAction> {
  const flow = await readFlow(repo.dir, graph);
  return nextAction({
    graph,
    statuses: flow.statuses,
    events: flow.events,
    finished: flow.finished,
    maxAttempts: flow.config.maxAttempts,
  });
}

const upToSchematic = ["spec", "architecture", "parts", "schematic"];

describe("scheduler", () => {
  it("dispatches the first stage of an empty flow as a fresh run", async () => {
    const repo = await designWith(graph, []);
    expect(await next(repo)).toEqual({
      action: "DISPATCH",
      stage: "spec",
      attempt: 1,
      rework: [],
      fresh: true,
    });
  });

  it("runs independent stages together, then yields, then reaps a finished run", async () => {
    const repo = await designWith(graph, upToSchematic);
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "layout" });
    await recordDispatch(repo.dir, graph, { stage: "layout" });
    // firmware only needs the schematic side: it may start while layout is in flight.
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "firmware" });
    await recordDispatch(repo.dir, graph, { stage: "firmware" });
    expect(await next(repo)).toEqual({
      action: "YIELD",
      waitingFor: [
        { stage: "layout", attempt: 1 },
        { stage: "firmware", attempt: 1 },
      ],
    });
    await repo.write(outcomePath("firmware", 1), JSON.stringify(outcomeFor("firmware", 1, "pass")));
    expect(await next(repo)).toEqual({ action: "REAP", stage: "firmware", attempt: 1 });
  });

  it("never dispatches a stage whose upstream or downstream is in flight", async () => {
    const repo = await designWith(graph, ["spec"]);
    await recordDispatch(repo.dir, graph, { stage: "architecture" });
    expect(await next(repo)).toEqual({
      action: "YIELD",
      waitingFor: [{ stage: "architecture", attempt: 1 }],
    });
  });

  it("reruns a stale stage upstream before anything below it", async () => {
    const repo = await designWith(graph, graph.order);
    expect(await next(repo)).toEqual({ action: "DONE" });
    const bom = join(repo.dir, "docs/BOM.md");
    await writeFile(
      bom,
      `${await readFile(bom, "utf8")}| R1 | 100k | R_0805 | RC0805FR-07100KL | grid leak |\n`,
    );
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "parts", attempt: 2 });
  });

  it("a fix_owner that is not upstream escalates", async () => {
    const repo = await designWith(graph, [...upToSchematic, "layout", "outputs"]);
    // layout is not upstream of firmware (they are siblings below the schematic).
    await runStage(repo, graph, "firmware", "fail", { fixOwner: "layout" });
    const action = await next(repo);
    expect(action).toMatchObject({ action: "ESCALATE", stage: "firmware" });
    expect(action.action === "ESCALATE" && action.reason).toContain("fix_owner 'layout'");
    expect(action.action === "ESCALATE" && action.reason).toContain(
      "spec, architecture, parts, schematic",
    );
    // A person's edit to firmware's files is the decision: it then retries itself.
    await repo.write("firmware/main.c", "int main(void) { return 0; }\n");
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "firmware", attempt: 2 });
  });

  it("an unknown fix_owner escalates too", async () => {
    const repo = await designWith(graph, ["spec"]);
    await runStage(repo, graph, "architecture", "fail", { fixOwner: "marketing" });
    expect(await next(repo)).toMatchObject({ action: "ESCALATE", stage: "architecture" });
  });

  it("reruns the fix_owner first and merges failures routed to one owner into one run", async () => {
    const repo = await designWith(graph, upToSchematic);
    const layout = await runStage(repo, graph, "layout", "fail", { fixOwner: "schematic" });
    const firmware = await runStage(repo, graph, "firmware", "fail", { fixOwner: "schematic" });
    const action = await next(repo);
    expect(action).toEqual({
      action: "DISPATCH",
      stage: "schematic",
      attempt: 2,
      fresh: false,
      rework: [
        { stage: "layout", attempt: 1, event: layout.id, failedChecks: ["gate"] },
        { stage: "firmware", attempt: 1, event: firmware.id, failedChecks: ["gate"] },
      ],
    });
    // The merged rework run: one dispatch carries both failures.
    const dispatch = await recordDispatch(repo.dir, graph, {
      stage: "schematic",
      rework: action.action === "DISPATCH" ? action.rework : [],
    });
    expect(dispatch.rework).toHaveLength(2);
    await repo.write("docs/PINOUT.md", "# Pinout\n\n| Pin | Net |\n|---|---|\n| 1 | PLATE_B |\n");
    await repo.write(
      outcomePath("schematic", 2),
      JSON.stringify(outcomeFor("schematic", 2, "pass")),
    );
    expect(await next(repo)).toEqual({ action: "REAP", stage: "schematic", attempt: 2 });
    await reapRun(repo.dir, graph, { stage: "schematic", attempt: 2 });
    // With the owner fixed, the failing stages retry themselves on the new inputs.
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "layout", attempt: 2 });
  });

  it("a failure without fix_owner reruns the stage itself with its failure as context", async () => {
    const repo = await designWith(graph, []);
    const failed = await runStage(repo, graph, "spec", "fail");
    expect(await next(repo)).toEqual({
      action: "DISPATCH",
      stage: "spec",
      attempt: 2,
      fresh: false,
      rework: [{ stage: "spec", attempt: 1, event: failed.id, failedChecks: ["gate"] }],
    });
  });

  it("escalates a stage out of attempts until a person changes its files", async () => {
    const repo = await designWith(graph, []);
    for (let i = 0; i < 3; i++) await runStage(repo, graph, "spec", "fail");
    const action = await next(repo);
    expect(action).toMatchObject({ action: "ESCALATE", stage: "spec" });
    expect(action.action === "ESCALATE" && action.reason).toContain("3 attempts in a row (max 3)");
    await repo.write("brief.md", "# Brief: tube preamp\n\nNow with a 12 V heater supply.\n");
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "spec", attempt: 4 });
  });

  it("takes max attempts from config.json", async () => {
    const repo = await designWith(graph, []);
    await repo.write(".copperhead/config.json", JSON.stringify({ maxAttempts: 1 }));
    await runStage(repo, graph, "spec", "fail");
    expect(await next(repo)).toMatchObject({ action: "ESCALATE", stage: "spec" });
  });

  it("keeps independent work going while one stage is out of attempts", async () => {
    const repo = await designWith(graph, upToSchematic);
    for (let i = 0; i < 3; i++) await runStage(repo, graph, "firmware", "fail");
    expect(await next(repo)).toMatchObject({ action: "DISPATCH", stage: "layout" });
  });
});
