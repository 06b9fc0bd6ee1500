import type { Evidence } from "../../engine/flow/evidence.js";
import { nonEmptyFiles } from "../../engine/flow/gates/file-evidence.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

/**
 * Until the pipeline issue adds ERC, drift and legibility evidence, this gate only proves the
 * owned files exist and are not empty.
 */
export async function schematicGate({ repo }: { repo: string }): Promise<Evidence[]> {
  return Promise.all([
    nonEmptyFiles(repo, "hardware/*.kicad_sch", "schematic-files"),
    nonEmptyFiles(repo, "docs/PINOUT.md", "pinout-present"),
  ]);
}

export const schematicStage: StageDeclaration = {
  name: "schematic",
  summary: "draft the schematic from the netlist intent; ERC and legibility clean",
  inputs: ["brief.md", "docs/SPEC.md", "docs/SUBSYSTEMS.md", "docs/BOM.md"],
  outputs: ["hardware/*.kicad_sch", "hardware/schematic.intent.json", "docs/PINOUT.md"],
  tools: ["files", "library", "intent", "draft", "erc", "legibility", "drift"],
  turnBudget: 60,
  prompt: "stages/schematic/prompt.md",
  gate: schematicGate,
};
