import { describe, expect, it } from "vitest";
import { buildFlowGraph, FlowDeclarationError } from "../../../engine/flow/graph.js";
import type { StageDeclaration } from "../../../engine/flow/stage.js";
import { stageGraph } from "../../../stages/registry.js";

function stage(name: string, inputs: string[], outputs: string[]): StageDeclaration {
  return {
    name,
    summary: name,
    inputs,
    outputs,
    tools: ["files"],
    turnBudget: 1,
    prompt: `stages/${name}/prompt.md`,
    gate: async () => [],
  };
}

describe("flow graph", () => {
  it("derives the eight stages' dependencies from what they read and own", () => {
    const graph = stageGraph();
    const providers = Object.fromEntries(
      graph.order.map((n) => [n, graph.stages.get(n)!.providers]),
    );
    expect(providers).toEqual({
      spec: [],
      architecture: ["spec"],
      parts: ["spec", "architecture"],
      schematic: ["spec", "architecture", "parts"],
      layout: ["spec", "schematic"],
      outputs: ["parts", "schematic", "layout"],
      firmware: ["spec", "schematic"],
      devplan: ["spec", "architecture", "parts", "schematic", "layout", "outputs", "firmware"],
    });
    expect([...graph.downstream("schematic")]).toEqual([
      "layout",
      "outputs",
      "firmware",
      "devplan",
    ]);
    expect([...graph.upstream("layout")]).toEqual(["spec", "architecture", "parts", "schematic"]);
    expect(graph.downstream("layout").has("firmware")).toBe(false);
    expect(graph.downstream("firmware").has("layout")).toBe(false);
  });

  it("puts the brief into every stage's inputs", () => {
    const graph = stageGraph();
    for (const name of graph.order) {
      expect(
        graph.stages.get(name)!.inputs.map((p) => p.source),
        name,
      ).toContain("brief.md");
    }
    const bare = buildFlowGraph([stage("a", [], ["x.md"])]);
    expect(bare.stages.get("a")!.inputs.map((p) => p.source)).toEqual(["brief.md"]);
  });

  it("rejects a cycle, naming the stages in it", () => {
    const decls = [
      stage("a", ["c.md"], ["a.md"]),
      stage("b", ["a.md"], ["b.md"]),
      stage("c", ["b.md"], ["c.md"]),
      stage("d", [], ["d.md"]),
    ];
    expect(() => buildFlowGraph(decls)).toThrow(FlowDeclarationError);
    expect(() => buildFlowGraph(decls)).toThrow(/a, b, c depend on each other/);
  });

  it("rejects two stages owning one path, even through a folder or glob", () => {
    expect(() =>
      buildFlowGraph([stage("a", [], ["docs/"]), stage("b", [], ["docs/SPEC.md"])]),
    ).toThrow(/stages a and b both own/);
    expect(() =>
      buildFlowGraph([stage("a", [], ["hw/*.kicad_sch"]), stage("b", [], ["hw/top.kicad_sch"])]),
    ).toThrow(FlowDeclarationError);
  });

  it("rejects duplicate or malformed stage names and unknown lookups", () => {
    expect(() => buildFlowGraph([stage("a", [], []), stage("a", [], [])])).toThrow(
      /declared twice/,
    );
    expect(() => buildFlowGraph([stage("Bad Name", [], [])])).toThrow(FlowDeclarationError);
    expect(() => stageGraph().upstream("nope")).toThrow(/use one of: spec, architecture/);
  });

  it("lists every distinct pattern once, for fingerprinting", () => {
    const sources = stageGraph().patterns.map((p) => p.source);
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources).toContain("outputs/");
    expect(sources).toContain("docs/DEVPLAN.md");
  });
});
