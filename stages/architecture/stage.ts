import type { Evidence } from "../../engine/flow/evidence.js";
import { contentLines, markdownSections } from "../../engine/flow/gates/markdown-sections.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const SUBSYSTEMS = "docs/SUBSYSTEMS.md";

/** `- R1: 10k` style bullets are generated inventories, not architecture. */
const REFDES_BULLET = /^\s*[-*+]\s*[A-Z]{1,3}\d+[A-Z]?\s*[:=]/;
const SCAFFOLD = /per-sheet values and reasoning/i;

function isProse(line: string): boolean {
  if (REFDES_BULLET.test(line) || SCAFFOLD.test(line)) return false;
  if (/^\s*\|?[\s:|-]+\|?\s*$/.test(line)) return false;
  const words = line.replace(/^\s*([-*+]|\d+\.)\s+/, "").match(/[A-Za-z]{2,}/g) ?? [];
  return words.length >= 3;
}

/** SUBSYSTEMS.md has a (level 2+) subsystem section containing at least one line of prose. */
export async function architectureGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const text = await readRepoText(repo, SUBSYSTEMS);
  if (text === undefined || text.trim() === "") {
    return [{ check: "subsystem-prose", ok: false, detail: `${SUBSYSTEMS} is missing or empty` }];
  }
  const sections = markdownSections(text).filter((s) => s.level >= 2);
  const described = sections.filter((s) => contentLines(s.lines).some(isProse));
  if (described.length === 0) {
    return [
      {
        check: "subsystem-prose",
        ok: false,
        detail:
          sections.length === 0
            ? "no subsystem section (## heading)"
            : "no subsystem section has prose (only scaffold, refdes bullets or tables)",
      },
    ];
  }
  return [
    {
      check: "subsystem-prose",
      ok: true,
      detail: `${described.length} section(s) with prose: ${described.map((s) => s.title).join(", ")}`,
    },
  ];
}

export const architectureStage: StageDeclaration = {
  name: "architecture",
  summary: "split the design into subsystems and explain each",
  inputs: ["brief.md", "docs/SPEC.md"],
  outputs: [SUBSYSTEMS],
  tools: ["files"],
  turnBudget: 30,
  prompt: "stages/architecture/prompt.md",
  gate: architectureGate,
};
