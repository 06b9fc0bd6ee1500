import type { StageDeclaration } from "../../engine/flow/stage.js";
import type { ArtifactKind } from "../../engine/kicad/export/export-design.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

/** Each check and the artifact kinds it needs on disk (at least one file of each). */
export const ARTIFACTS: ReadonlyArray<readonly [string, readonly ArtifactKind[]]> = [
  ["gerbers", ["gerber", "gerber-job"]],
  ["drill", ["drill", "drill-map"]],
  ["outline-dxf", ["outline-dxf"]],
  ["step-model", ["step"]],
  ["schematic-renders", ["schematic-svg", "schematic-png"]],
  ["board-renders", ["board-svg", "board-png"]],
  ["position-file", ["position"]],
  ["ordering-bom", ["ordering-bom"]],
  ["supplier-boms", ["supplier-bom", "supplier-placement"]],
];

export const outputsChecks = [
  ...ARTIFACTS.map(([check]) => check),
  "outputs-reproducible",
] as const;

export const outputsStage: StageDeclaration = {
  name: "outputs",
  summary: "export fabrication and assembly files and renders",
  inputs: [
    "brief.md",
    "hardware/*.kicad_pcb",
    "*.kicad_pcb",
    "hardware/*.kicad_sch",
    "*.kicad_sch",
    "docs/BOM.md",
  ],
  outputs: ["outputs/"],
  tools: ["files", "export", "drc"],
  turnBudget: 20,
  prompt: "stages/outputs/prompt.md",
  checks: outputsChecks,
  run: async ({ repo }) => {
    const { exportOutputs } = await import("./export-outputs.js");
    const { files } = await exportOutputs(repo);
    return { summary: `exported ${files.length} file(s) into outputs/` };
  },
  gate: async (context) => (await import("./gate.js")).outputsGate(context),
};
