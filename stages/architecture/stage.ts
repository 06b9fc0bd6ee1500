import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const SUBSYSTEMS = "docs/SUBSYSTEMS.md";

export const architectureChecks = ["subsystem-prose"] as const;

export const architectureStage: StageDeclaration = {
  name: "architecture",
  summary: "split the design into subsystems and explain each",
  inputs: ["brief.md", "docs/SPEC.md"],
  outputs: [SUBSYSTEMS],
  tools: ["files"],
  turnBudget: 30,
  prompt: "stages/architecture/prompt.md",
  checks: architectureChecks,
  gate: async (context) => (await import("./gate.js")).architectureGate(context),
};
