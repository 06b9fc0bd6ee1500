import type { Evidence } from "../../engine/flow/evidence.js";
import { nonEmptyFiles } from "../../engine/flow/gates/file-evidence.js";
import { kicadEvidence } from "../../engine/flow/gates/kicad-evidence.js";
import type { StageContext, StageDeclaration } from "../../engine/flow/stage.js";

/**
 * The board and LAYOUT.md exist, and kicad-cli DRC is clean: no violation, no unrouted
 * connection, no schematic-parity issue (warnings count, as in `copperhead check`).
 */
export async function layoutGate(context: StageContext): Promise<Evidence[]> {
  const { repo } = context;
  const files = await Promise.all([
    nonEmptyFiles(repo, "hardware/*.kicad_pcb", "board-files"),
    nonEmptyFiles(repo, "docs/LAYOUT.md", "layout-notes-present"),
  ]);
  if (!files[0].ok) return files;
  return [...files, ...(await kicadEvidence(context, ["drc-clean"]))];
}

export const layoutStage: StageDeclaration = {
  name: "layout",
  summary: "place and route the board inside its outline; DRC clean",
  inputs: ["brief.md", "hardware/*.kicad_sch", "docs/SPEC.md"],
  outputs: ["hardware/*.kicad_pcb", "docs/LAYOUT.md"],
  tools: ["files", "library", "intent", "layout", "drc"],
  turnBudget: 60,
  prompt: "stages/layout/prompt.md",
  gate: layoutGate,
};
