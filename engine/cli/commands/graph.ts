import { stageGraph } from "../../../stages/registry.js";
import { graphLevels, renderGraph } from "../../flow/render-graph.js";
import type { Command } from "../command.js";
import { parseFlags } from "../parse-flags.js";

const usage = "copperhead graph [--json]";

export const graphCommand: Command = {
  name: "graph",
  summary: "print the stage dependency graph derived from what each stage reads and owns",
  usage,
  async run(args, io) {
    const { values } = parseFlags(args, { json: { type: "boolean" } }, usage);
    const graph = stageGraph();
    if (!values.json) {
      io.stdout.write(renderGraph(graph));
      return 0;
    }
    const stages = graph.order.map((name) => {
      const node = graph.stages.get(name)!;
      return {
        name,
        inputs: node.inputs.map((p) => p.source),
        outputs: node.outputs.map((p) => p.source),
        dependsOn: node.providers,
      };
    });
    const json = { schema: 1, order: graph.order, stages, levels: graphLevels(graph) };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  },
};
