import { maxOf } from "../array-ops.js";
import type { FlowGraph } from "./graph.js";

/** Depth of each stage: 0 for stages with no provider; stages of one depth are independent. */
export function graphLevels(graph: FlowGraph): string[][] {
  const depth = new Map<string, number>();
  for (const name of graph.order) {
    const providers = graph.stages.get(name)!.providers;
    depth.set(name, providers.length === 0 ? 0 : 1 + maxOf(providers.map((p) => depth.get(p)!)));
  }
  const levels: string[][] = [];
  for (const name of graph.order) {
    const d = depth.get(name)!;
    levels[d] = [...(levels[d] ?? []), name];
  }
  return levels;
}

/** The graph as text: what each stage reads and owns, whom it waits for, and the levels. */
export function renderGraph(graph: FlowGraph): string {
  const out: string[] = [];
  for (const name of graph.order) {
    const node = graph.stages.get(name)!;
    out.push(name);
    out.push(`  reads  ${node.inputs.map((p) => p.source).join(", ")}`);
    out.push(`  owns   ${node.outputs.map((p) => p.source).join(", ")}`);
    out.push(`  after  ${node.providers.length > 0 ? node.providers.join(", ") : "—"}`);
  }
  out.push("", "levels (stages on one level are independent and may run in parallel):");
  for (const [i, level] of graphLevels(graph).entries())
    out.push(`  ${i + 1}. ${level.join(", ")}`);
  return `${out.join("\n")}\n`;
}
