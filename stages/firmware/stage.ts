import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const firmwareChecks = ["pins-header", "firmware-sources", "no-firmware-verdict"] as const;

export const firmwareStage: StageDeclaration = {
  name: "firmware",
  summary: "write pins.h from the pinout, drivers and one happy path",
  inputs: ["brief.md", "docs/PINOUT.md", "docs/SPEC.md", "hardware/*.kicad_sch", "*.kicad_sch"],
  outputs: ["firmware/"],
  tools: ["files", "intent"],
  turnBudget: 40,
  prompt: "stages/firmware/prompt.md",
  checks: firmwareChecks,
  prepare: async (context) => (await import("./gate.js")).preparePinsHeader(context),
  gate: async (context) => (await import("./gate.js")).firmwareGate(context),
};
