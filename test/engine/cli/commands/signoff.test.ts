import { describe, expect, it } from "vitest";
import { readEventLog } from "../../../../engine/flow/event-log.js";
import { stageGraph } from "../../../../stages/registry.js";
import {
  designWith,
  runCopperhead,
  runStage,
  tempRepo,
  useTempRepos,
} from "../../flow/flow-fixture.js";

useTempRepos();
const graph = stageGraph();

describe("copperhead signoff", () => {
  it("records acceptance of the current pass, bound to that outcome", async () => {
    const repo = await designWith(graph, []);
    const outcome = await runStage(repo, graph, "spec", "pass");
    const { code, stdout } = await runCopperhead(
      repo.dir,
      "signoff",
      "spec",
      "--reason",
      "budgets agreed with the client",
    );
    expect(code).toBe(0);
    expect(stdout).toBe(
      `signed off spec (outcome ${outcome.id}) by Flow Test <flow@test.invalid>: budgets agreed with the client\n`,
    );
    const signoff = (await readEventLog(repo.dir)).events.at(-1);
    expect(signoff).toMatchObject({
      type: "signoff",
      stage: "spec",
      outcome: outcome.id,
      provenance: { by: "Flow Test <flow@test.invalid>", via: "cli" },
    });
    const status = await runCopperhead(repo.dir, "status");
    expect(status.stdout).toMatch(/^spec\s+valid\s+1\s+signed off by Flow Test/m);
  });

  it("exits 2 for an unknown stage, listing the stage names", async () => {
    const repo = await tempRepo();
    const { code, stderr } = await runCopperhead(repo.dir, "signoff", "pcb", "--reason", "x");
    expect(code).toBe(2);
    expect(stderr).toContain(
      "unknown stage 'pcb' — use one of: spec, architecture, parts, schematic, layout, outputs, firmware, devplan",
    );
  });

  it("exits 2 without a reason or a stage", async () => {
    const repo = await tempRepo();
    expect((await runCopperhead(repo.dir, "signoff", "spec")).code).toBe(2);
    expect((await runCopperhead(repo.dir, "signoff", "spec", "--reason", "  ")).code).toBe(2);
    expect((await runCopperhead(repo.dir, "signoff", "--reason", "ok")).code).toBe(2);
  });

  it("exits 1 and writes nothing when there is no valid pass to accept", async () => {
    const repo = await designWith(graph, []);
    await runStage(repo, graph, "spec", "fail");
    const { code, stderr } = await runCopperhead(
      repo.dir,
      "signoff",
      "spec",
      "--reason",
      "fine",
      "--by",
      "Ada",
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot sign off spec: it is failed/);
    expect((await readEventLog(repo.dir)).events.map((e) => e.type)).toEqual([
      "dispatch",
      "outcome",
    ]);
  });
});
