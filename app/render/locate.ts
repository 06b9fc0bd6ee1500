/**
 * Where a finding points in a KiCad file: the line of the symbol's or footprint's
 * `(property "Reference" "R1" …)`. GitHub anchors annotations and review comments to lines;
 * KiCad findings carry sheet millimetres and reference designators, so this is the bridge.
 */
export interface Located {
  path: string;
  line: number;
}

export interface Locator {
  /** The design's schematic files (root first) and board, from the outcomes' artifacts. */
  schematics: string[];
  board: string | null;
  /** `sch:R1` / `pcb:R1` → the line of that reference. */
  lines: ReadonlyMap<string, Located>;
}

const REFERENCE = /\(property\s+"Reference"\s+"([^"]+)"/;

/** Every reference designator's first line in one KiCad file (1-based). */
export function referenceLines(
  path: string,
  text: string,
  side: "sch" | "pcb",
): Map<string, Located> {
  const out = new Map<string, Located>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = REFERENCE.exec(lines[i]!);
    if (!m) continue;
    const key = `${side}:${m[1]}`;
    if (!out.has(key)) out.set(key, { path, line: i + 1 });
  }
  return out;
}

const ITEM_REF = /\b(?:[Ss]ymbol|[Ff]ootprint|of)\s+([A-Za-z#]+[0-9]+[A-Za-z0-9_]*)\b/g;

/** Reference designators an ERC/DRC item description names ("Symbol R1 [10k]", "of U2"). */
export function refsInDescription(description: string): string[] {
  return [...description.matchAll(ITEM_REF)].map((m) => m[1]!);
}

/** The first ref that resolves, else the file itself at line 1, else nothing. */
export function locate(
  locator: Locator,
  side: "sch" | "pcb",
  refs: readonly string[],
): Located | null {
  for (const ref of refs) {
    const hit = locator.lines.get(`${side}:${ref}`);
    if (hit) return hit;
  }
  const file = side === "sch" ? locator.schematics[0] : locator.board;
  return file ? { path: file, line: 1 } : null;
}
