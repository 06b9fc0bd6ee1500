import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

const LAYOUT = "docs/LAYOUT.md";

export const layoutChecks = [
  "board-files",
  "footprints-placed",
  "footprints-inside-outline",
  "drc-clean",
  "draft-quality",
] as const;

export const layoutStage: StageDeclaration = {
  name: "layout",
  summary: "place and route the board inside its outline; DRC clean",
  inputs: [
    "brief.md",
    "hardware/*.kicad_sch",
    "*.kicad_sch",
    "docs/SPEC.md",
    ".copperhead/constraints.json",
  ],
  outputs: ["hardware/*.kicad_pcb", "*.kicad_pcb", LAYOUT],
  tools: ["files", "library", "intent", "layout", "drc", "erc", "drift"],
  turnBudget: 60,
  prompt: "stages/layout/prompt.md",
  checks: layoutChecks,
  prepare: async (context) => (await import("./gate.js")).prepareLayout(context),
  gate: async (context) => (await import("./gate.js")).layoutGate(context),
};
