import type { Evidence } from "../../engine/flow/evidence.js";
import { contentLines, markdownSections } from "../../engine/flow/gates/markdown-sections.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const SPEC = "docs/SPEC.md";

/** The SPEC has a Budgets section (subsections included) with at least one line of content. */
export async function specGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const text = await readRepoText(repo, SPEC);
  if (text === undefined || text.trim() === "") {
    return [{ check: "spec-present", ok: false, detail: `${SPEC} is missing or empty` }];
  }
  const budgets = markdownSections(text).filter((s) => /\bbudgets?\b/i.test(s.title));
  const filled = budgets.find((s) => contentLines(s.lines).length > 0);
  return [
    { check: "spec-present", ok: true, detail: `${SPEC} has ${text.split("\n").length} lines` },
    filled
      ? {
          check: "budgets-section",
          ok: true,
          detail: `'${filled.title}' has ${contentLines(filled.lines).length} content line(s)`,
        }
      : {
          check: "budgets-section",
          ok: false,
          detail:
            budgets.length > 0
              ? `'${budgets[0]!.title}' has no content (only blank lines, headings or comments)`
              : "no heading named Budget(s)",
        },
  ];
}

export const specStage: StageDeclaration = {
  name: "spec",
  summary: "turn the brief into a specification with budgets and flagged assumptions",
  inputs: ["brief.md"],
  outputs: [SPEC, ".copperhead/constraints.json"],
  tools: ["files", "constraints"],
  turnBudget: 30,
  prompt: "stages/spec/prompt.md",
  gate: specGate,
};
