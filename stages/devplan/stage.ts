import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const DEVPLAN = "docs/DEVPLAN.md";

export const devplanChecks = ["bring-up", "test-points", "risks", "prototype-order"] as const;

export const devplanStage: StageDeclaration = {
  name: "devplan",
  summary: "plan bring-up, test points, risks and the prototype order",
  inputs: [
    "brief.md",
    "docs/SPEC.md",
    "docs/SUBSYSTEMS.md",
    "docs/BOM.md",
    "docs/PINOUT.md",
    "docs/LAYOUT.md",
    "hardware/*.kicad_sch",
    "*.kicad_sch",
    "hardware/*.kicad_pcb",
    "*.kicad_pcb",
    "outputs/",
    "firmware/",
  ],
  outputs: [DEVPLAN],
  tools: ["files", "intent"],
  turnBudget: 20,
  prompt: "stages/devplan/prompt.md",
  checks: devplanChecks,
  gate: async (context) => (await import("./gate.js")).devplanGate(context),
};
