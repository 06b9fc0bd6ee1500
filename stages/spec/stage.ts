import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const SPEC = "docs/SPEC.md";

export const specChecks = [
  "spec-present",
  "budgets-section",
  "constraints-file",
  "budgets-recorded",
  "assumptions-flagged",
] as const;

export const specStage: StageDeclaration = {
  name: "spec",
  summary: "turn the brief into a specification with budgets and flagged assumptions",
  inputs: ["brief.md"],
  outputs: [SPEC, ".copperhead/constraints.json"],
  tools: ["files", "constraints"],
  turnBudget: 30,
  prompt: "stages/spec/prompt.md",
  checks: specChecks,
  gate: async (context) => (await import("./gate.js")).specGate(context),
};
