import type { Evidence } from "../../engine/flow/evidence.js";
import { nonEmptyFiles } from "../../engine/flow/gates/file-evidence.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

/** Files only for now; DRC and the draft-quality review arrive with the pipeline issue. */
export async function layoutGate({ repo }: { repo: string }): Promise<Evidence[]> {
  return Promise.all([
    nonEmptyFiles(repo, "hardware/*.kicad_pcb", "board-files"),
    nonEmptyFiles(repo, "docs/LAYOUT.md", "layout-notes-present"),
  ]);
}

export const layoutStage: StageDeclaration = {
  name: "layout",
  summary: "place and route the board inside its outline; DRC clean",
  inputs: ["brief.md", "hardware/*.kicad_sch", "docs/SPEC.md"],
  outputs: ["hardware/*.kicad_pcb", "docs/LAYOUT.md"],
  tools: ["files", "library", "layout", "drc"],
  turnBudget: 60,
  prompt: "stages/layout/prompt.md",
  gate: layoutGate,
};
