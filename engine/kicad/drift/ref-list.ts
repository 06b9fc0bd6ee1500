/** A list of references as written in one cell, expanded. */
export interface RefList {
  refs: string[];
  /** Parts of the cell that are neither a reference nor a range (reported, not guessed). */
  unreadable: string[];
}

const REF = /^[A-Za-z][A-Za-z_]*\d+[A-Za-z]?$/;
const RANGE = /^([A-Za-z][A-Za-z_]*)(\d+)\s*(?:-|–|—|\.\.|to)\s*(?:\1)?(\d+)$/;
/** Ranges longer than this are almost certainly typos ("R1-R1000"); they are not expanded. */
const MAX_RANGE = 500;

/**
 * Expands "R1, R2", "R1 R2; R5", "R1-R4", "R1–4", "R1..R4" into single references, in order,
 * without duplicates.
 */
export function expandRefs(cell: string): RefList {
  const refs: string[] = [];
  const unreadable: string[] = [];
  const normalized = cell.replace(/\s*(-|–|—|\.\.)\s*/g, "$1").replace(/\s+to\s+/gi, "to");
  for (const token of normalized.split(/[\s,;/]+/).filter(Boolean)) {
    const range = RANGE.exec(token);
    if (range) {
      const [, prefix, from, to] = range as unknown as [string, string, string, string];
      const a = Number(from);
      const b = Number(to);
      if (b >= a && b - a <= MAX_RANGE) {
        for (let n = a; n <= b; n++) refs.push(`${prefix}${n}`);
        continue;
      }
    } else if (REF.test(token)) {
      refs.push(token);
      continue;
    }
    unreadable.push(token);
  }
  return { refs: [...new Set(refs)], unreadable };
}
