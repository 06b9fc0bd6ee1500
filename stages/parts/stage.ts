import type { Evidence } from "../../engine/flow/evidence.js";
import { stripComments } from "../../engine/flow/gates/markdown-sections.js";
import { readRepoText } from "../../engine/flow/gates/repo-files.js";
import type { StageDeclaration } from "../../engine/flow/stage.js";

const BOM = "docs/BOM.md";
const MPN_HEADER = /^(mpn|part ?(number|no\.?|#)|manufacturer part( number| no\.?)?)$/i;
// A cell that names no part: a marker word, or nothing but dashes, question marks and other
// punctuation ("—", "–", "-", "?", "n/a"). A real part number has a letter or a digit.
const PLACEHOLDER_WORD = /^(unverified|tbd|todo|tba|n\/?a|none|unknown|pending)\b/i;

function isPlaceholder(cell: string): boolean {
  const bare = cell.replace(/[*_`~]/g, "").trim();
  return bare === "" || PLACEHOLDER_WORD.test(bare) || !/[\p{L}\p{N}]/u.test(bare);
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

const isTableRow = (line: string) => line.trim().startsWith("|");
const isSeparator = (line: string) => /^\s*\|?[\s:|-]+\|?\s*$/.test(line) && line.includes("-");

/** BOM.md has a table with a part-number column and at least one row with a real part number. */
export async function partsGate({ repo }: { repo: string }): Promise<Evidence[]> {
  const text = await readRepoText(repo, BOM);
  if (text === undefined || text.trim() === "") {
    return [{ check: "bom-part-numbers", ok: false, detail: `${BOM} is missing or empty` }];
  }
  const lines = stripComments(text).split(/\r?\n/);
  let column = -1;
  let sawHeader = false;
  const chosen: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!isTableRow(line)) {
      column = -1;
      continue;
    }
    if (isSeparator(line)) continue;
    if (column === -1) {
      // The first row of a table is its header.
      column = cells(line).findIndex((c) => MPN_HEADER.test(c));
      if (column !== -1) sawHeader = true;
      else column = -2;
      continue;
    }
    if (column < 0) continue;
    const mpn = cells(line)[column] ?? "";
    if (!isPlaceholder(mpn)) chosen.push(mpn);
  }
  if (chosen.length > 0) {
    const shown = chosen.slice(0, 5).join(", ") + (chosen.length > 5 ? ", …" : "");
    return [
      {
        check: "bom-part-numbers",
        ok: true,
        detail: `${chosen.length} row(s) with a part number: ${shown}`,
      },
    ];
  }
  return [
    {
      check: "bom-part-numbers",
      ok: false,
      detail: sawHeader
        ? "the part-number column has no chosen part (empty, a dash, UNVERIFIED or TBD everywhere)"
        : "no table with an MPN / Part number column",
    },
  ];
}

export const partsStage: StageDeclaration = {
  name: "parts",
  summary: "choose real parts with symbols and footprints for every function",
  inputs: ["brief.md", "docs/SPEC.md", "docs/SUBSYSTEMS.md"],
  outputs: [BOM],
  tools: ["files", "library", "drift"],
  turnBudget: 40,
  prompt: "stages/parts/prompt.md",
  gate: partsGate,
};
