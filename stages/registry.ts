import { buildFlowGraph, type FlowGraph } from "../engine/flow/graph.js";
import type { StageDeclaration } from "../engine/flow/stage.js";
import { architectureStage } from "./architecture/stage.js";
import { devplanStage } from "./devplan/stage.js";
import { firmwareStage } from "./firmware/stage.js";
import { layoutStage } from "./layout/stage.js";
import { outputsStage } from "./outputs/stage.js";
import { partsStage } from "./parts/stage.js";
import { schematicStage } from "./schematic/stage.js";
import { specStage } from "./spec/stage.js";

/** The eight design stages, registered explicitly, in flow order. */
export const stages: readonly StageDeclaration[] = [
  specStage,
  architectureStage,
  partsStage,
  schematicStage,
  layoutStage,
  outputsStage,
  firmwareStage,
  devplanStage,
];

let graph: FlowGraph | undefined;

/** The dependency graph of the registered stages (checked once, on first use). */
export function stageGraph(): FlowGraph {
  graph ??= buildFlowGraph(stages);
  return graph;
}
