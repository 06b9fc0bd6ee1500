import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const BOM = "docs/BOM.md";

export const partsChecks = ["bom-part-numbers", "bom-symbols", "bom-footprints"] as const;

export const partsStage: StageDeclaration = {
  name: "parts",
  summary: "choose real parts with symbols and footprints for every function",
  inputs: ["brief.md", "docs/SPEC.md", "docs/SUBSYSTEMS.md"],
  outputs: [BOM],
  tools: ["files", "library", "drift"],
  turnBudget: 40,
  prompt: "stages/parts/prompt.md",
  checks: partsChecks,
  gate: async (context) => (await import("./gate.js")).partsGate(context),
};
