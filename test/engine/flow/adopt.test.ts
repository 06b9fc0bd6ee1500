import { describe, expect, it, vi } from "vitest";
import { adoptPassingStages } from "../../../engine/flow/adopt.js";
import { readFlow } from "../../../engine/flow/read-flow.js";
import { stageGraph } from "../../../stages/registry.js";
import { designWith, useTempRepos } from "./flow-fixture.js";

// Whole KiCad exports and gate runs: minutes on a loaded two-core machine, not a timing target.
vi.setConfig({ testTimeout: 600_000 });

useTempRepos();
const graph = stageGraph();

describe("adoption", () => {
  it("records adopted passes for person-written stages whose gates hold, in flow order", async () => {
    const repo = await designWith(graph, [], { realOutputs: true });
    await repo.write(".copperhead/config.json", JSON.stringify({ origin: "init" }));
    const results = await adoptPassingStages(repo.dir, graph);
    expect(results.map((r) => [r.stage, r.adopted])).toEqual(graph.order.map((n) => [n, true]));
    const flow = await readFlow(repo.dir, graph);
    for (const name of graph.order) {
      const s = flow.statuses.get(name)!;
      expect(s.state, name).toBe("valid");
      expect(s.latest).toMatchObject({ type: "outcome", adopted: true, attempt: 1 });
    }
    // Adoption is a one-time thing: nothing is left to adopt.
    expect(await adoptPassingStages(repo.dir, graph)).toEqual([]);
  });

  it("stops below a stage whose gate fails and reports why", async () => {
    const repo = await designWith(graph, [], { realOutputs: true });
    await repo.write("docs/BOM.md", "# BOM\n\n| Refdes | MPN |\n|---|---|\n| U1 | UNVERIFIED |\n");
    const results = await adoptPassingStages(repo.dir, graph);
    expect(results.map((r) => [r.stage, r.adopted])).toEqual([
      ["spec", true],
      ["architecture", true],
      ["parts", false],
    ]);
    expect(results[2]!.evidence[0]!.detail).toMatch(/no chosen part/);
    const flow = await readFlow(repo.dir, graph);
    expect(flow.statuses.get("parts")!.state).toBe("missing");
    expect(flow.statuses.get("schematic")!.state).toBe("missing");
  });
});
