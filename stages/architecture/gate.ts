import type { Evidence } from "../../engine/flow/evidence.js";
import { type MarkdownBlock, markdownSections } from "../../engine/flow/gates/markdown.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageContext } from "../../engine/flow/stage.js";
import { SUBSYSTEMS_SCAFFOLD_LINE } from "../../engine/repo/scaffold/scaffold-docs.js";
import { SUBSYSTEMS } from "./stage.js";

/**
 * `R1: 10k` style inventories (what `copperhead init` writes), not architecture: a reference
 * (letters, then a number: R1, LOGO2, TA-101, U3A) before a colon or an equals sign.
 */
const REFDES_ENTRY = /^#?[A-Za-z][A-Za-z_]*-?\d+[A-Za-z0-9_-]*\s*[:=]/;
const SCAFFOLD = new RegExp(SUBSYSTEMS_SCAFFOLD_LINE, "i");

/** A line a person wrote to explain something: three words or more, not an inventory. */
export function isProse(block: MarkdownBlock): boolean {
  if (block.kind !== "line" && block.kind !== "item") return false;
  if (REFDES_ENTRY.test(block.text) || SCAFFOLD.test(block.text)) return false;
  return (block.text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3;
}

/** SUBSYSTEMS.md has a (level 2+) subsystem section containing at least one line of prose. */
export async function architectureGate({ repo }: Pick<StageContext, "repo">): Promise<Evidence[]> {
  const text = await readRepoText(repo, SUBSYSTEMS);
  if (text === undefined || text.trim() === "") {
    return [{ check: "subsystem-prose", ok: false, detail: `${SUBSYSTEMS} is missing or empty` }];
  }
  const sections = markdownSections(text).filter((s) => s.level >= 2);
  // A section's own prose, not its subsections' (each of those is judged as a section too).
  const described = sections.filter((s) => s.blocks.some(isProse));
  if (described.length === 0) {
    return [
      {
        check: "subsystem-prose",
        ok: false,
        detail:
          sections.length === 0
            ? `${SUBSYSTEMS} has no subsystem section (## heading)`
            : `no subsystem section of ${SUBSYSTEMS} has prose (only scaffold text, refdes inventories, tables or code)`,
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
