import type { StageDeclaration } from "../../engine/flow/stage.js";

// The declaration only: the registry (and so every command that reads the flow) imports this
// file, and the gate and prepare step import KiCad, the Markdown reader and the libraries, so
// they load from ./gate.js when a stage runs (docs/testing.md, "Keeping the suite fast").

export const schematicChecks = [
  "schematic-files",
  "pinout-present",
  "symbols-placed",
  "erc-clean",
  "legibility-clean",
  "drift-clean",
  "intent-redraft",
] as const;

export const schematicStage: StageDeclaration = {
  name: "schematic",
  summary: "draft the schematic from the netlist intent; ERC and legibility clean",
  inputs: ["brief.md", "docs/SPEC.md", "docs/SUBSYSTEMS.md", "docs/BOM.md"],
  outputs: [
    "hardware/*.kicad_sch",
    "*.kicad_sch",
    "hardware/schematic.intent.json",
    "docs/PINOUT.md",
  ],
  tools: ["files", "library", "intent", "draft", "erc", "legibility", "drift"],
  turnBudget: 60,
  prompt: "stages/schematic/prompt.md",
  checks: schematicChecks,
  prepare: async (context) => (await import("./prepare.js")).prepareSchematic(context),
  gate: async (context) => (await import("./gate.js")).schematicGate(context),
};
