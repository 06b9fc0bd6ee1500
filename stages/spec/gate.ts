import type { Evidence } from "../../engine/flow/evidence.js";
import {
  documentBlocks,
  markdownSections,
  parseMarkdown,
} from "../../engine/flow/gates/markdown.js";
import { readConstraints } from "../../engine/flow/gates/read-constraints.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { assumptionsFlagged, budgetsRecorded } from "./budget-evidence.js";
import { SPEC } from "./stage.js";

/**
 * SPEC.md has a Budgets section with real content; every budget in it is a constraint in
 * constraints.json with the same numbers (and every constraint is in SPEC.md); every
 * constraint quotes the brief or is flagged ASSUMED.
 */
export async function specGate({ repo }: Pick<StageContext, "repo">): Promise<Evidence[]> {
  const text = await readRepoText(repo, SPEC);
  if (text === undefined || text.trim() === "") {
    return [{ check: "spec-present", ok: false, detail: `${SPEC} is missing or empty` }];
  }
  const root = parseMarkdown(text);
  const sections = markdownSections(root);
  const budgets = sections.filter((s) => /\bbudgets?\b/i.test(s.title));
  const filled = budgets.filter((s) => s.blocks.length > 0);
  const evidence: Evidence[] = [
    { check: "spec-present", ok: true, detail: `${SPEC} has ${text.split("\n").length} lines` },
    filled.length > 0
      ? {
          check: "budgets-section",
          ok: true,
          detail: `'${filled[0]!.title}' has ${filled[0]!.blocks.length} content line(s)`,
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
  const read = await readConstraints(repo);
  if (!read.ok) {
    evidence.push({ check: "constraints-file", ok: false, detail: read.detail });
    return evidence;
  }
  evidence.push({
    check: "constraints-file",
    ok: true,
    detail: `.copperhead/constraints.json records ${read.constraints.length} constraint(s)`,
  });
  evidence.push(
    budgetsRecorded(filled, text, read.constraints),
    assumptionsFlagged(
      read.constraints,
      await readRepoText(repo, "brief.md"),
      documentBlocks(root),
    ),
  );
  return evidence;
}
