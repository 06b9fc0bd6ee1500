import type { Evidence } from "../../engine/flow/evidence.js";
import { nonEmptyFiles } from "../../engine/flow/gates/file-evidence.js";
import { kicadEvidence } from "../../engine/flow/gates/kicad-evidence.js";
import type { StageContext, StageDeclaration } from "../../engine/flow/stage.js";
import { wireDesignPaths } from "../../engine/pipeline/design-paths.js";

/**
 * The sheets and PINOUT.md exist, and the project passes what `copperhead check` demands of a
 * schematic: kicad-cli ERC clean (errors and warnings), no error-severity legibility finding on
 * a copperhead-drafted sheet of a create repo, BOM/PINOUT without drift.
 */
export async function schematicGate(context: StageContext): Promise<Evidence[]> {
  const { repo } = context;
  const files = await Promise.all([
    nonEmptyFiles(repo, "hardware/*.kicad_sch", "schematic-files"),
    nonEmptyFiles(repo, "docs/PINOUT.md", "pinout-present"),
  ]);
  // KiCad runs only on files that exist: an empty repo fails fast on the file checks.
  if (!files[0].ok) return files;
  return [
    ...files,
    ...(await kicadEvidence(context, ["erc-clean", "legibility-clean", "drift-clean"])),
  ];
}

export const schematicStage: StageDeclaration = {
  name: "schematic",
  summary: "draft the schematic from the netlist intent; ERC and legibility clean",
  inputs: ["brief.md", "docs/SPEC.md", "docs/SUBSYSTEMS.md", "docs/BOM.md"],
  outputs: ["hardware/*.kicad_sch", "hardware/schematic.intent.json", "docs/PINOUT.md"],
  tools: ["files", "library", "intent", "draft", "erc", "legibility", "drift"],
  turnBudget: 60,
  prompt: "stages/schematic/prompt.md",
  // draft_schematic drafts into the configured sheet: say where it goes, before every attempt
  // (a failed attempt's rollback takes an uncommitted config edit with it).
  prepare: async ({ repo }) => {
    await wireDesignPaths(repo);
  },
  gate: schematicGate,
};
