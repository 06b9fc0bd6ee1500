import type { Evidence } from "../../engine/flow/evidence.js";
import { contentLines, markdownSections } from "../../engine/flow/gates/markdown-sections.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const DEVPLAN = "docs/DEVPLAN.md";

/** DEVPLAN.md has a heading and content under it (bring-up specifics are checked later). */
export async function devplanGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const text = await readRepoText(repo, DEVPLAN);
  const filled = text ? markdownSections(text).filter((s) => contentLines(s.lines).length > 0) : [];
  return [
    filled.length > 0
      ? { check: "devplan-content", ok: true, detail: `${filled.length} section(s) with content` }
      : {
          check: "devplan-content",
          ok: false,
          detail: text ? `${DEVPLAN} has no heading with content` : `${DEVPLAN} is missing`,
        },
  ];
}

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
    "hardware/*.kicad_pcb",
    "outputs/",
    "firmware/",
  ],
  outputs: [DEVPLAN],
  tools: ["files"],
  turnBudget: 20,
  prompt: "stages/devplan/prompt.md",
  gate: devplanGate,
};
