import type { Evidence } from "../../engine/flow/evidence.js";
import type { MarkdownBlock } from "../../engine/flow/gates/markdown.js";
import type { Board } from "../../engine/kicad/board/board.js";

const TEST_POINT_REF = /^TP\d+[A-Z]?$/;

/** Words of an entry that could be a reference or a net: letters, digits, + - _ ( ) / . */
function tokens(text: string): string[] {
  return text
    .split(/[\s,;:|`"'*[\]]+/)
    .map((t) => t.replace(/^[.(]+|[.)]+$/g, ""))
    .filter(Boolean);
}

/**
 * Each listed test point is something a person can probe on this board: a footprint reference
 * (TP3, or a pad as J1.2 / J1 pin 2) or a net the board has; a TP reference the board lacks is
 * named; every TP footprint of the board is listed.
 */
export function testPointsEvidence(
  entries: readonly MarkdownBlock[],
  board: Board,
  boardPath: string,
): Evidence {
  const check = "test-points";
  const refs = new Set(board.footprints.map((f) => f.reference));
  const nets = new Set(board.nets.map((n) => n.name).filter(Boolean));
  const problems: string[] = [];
  const mentioned = new Set<string>();
  for (const entry of entries) {
    const words = tokens(entry.text);
    const hits = words.filter((w) => {
      const ref = w.includes(".") ? w.slice(0, w.indexOf(".")) : w;
      return refs.has(ref) || nets.has(w);
    });
    for (const w of words) if (refs.has(w)) mentioned.add(w);
    for (const w of words)
      if (w.includes(".") && refs.has(w.slice(0, w.indexOf("."))))
        mentioned.add(w.slice(0, w.indexOf(".")));
    const unknown = words.filter((w) => TEST_POINT_REF.test(w) && !refs.has(w));
    if (unknown.length > 0) {
      problems.push(
        `line ${entry.line} names ${unknown.join(", ")}, which ${boardPath} does not have`,
      );
    } else if (hits.length === 0) {
      problems.push(
        `line ${entry.line} ("${entry.text.slice(0, 40)}") names no reference or net of ${boardPath}`,
      );
    }
  }
  const unlisted = [...refs].filter((r) => TEST_POINT_REF.test(r) && !mentioned.has(r)).sort();
  if (unlisted.length > 0)
    problems.push(`${boardPath} has test points the plan does not list: ${unlisted.join(", ")}`);
  return problems.length === 0
    ? { check, ok: true, detail: `${entries.length} test point(s), all on ${boardPath}` }
    : { check, ok: false, detail: problems.slice(0, 4).join("; ") };
}
