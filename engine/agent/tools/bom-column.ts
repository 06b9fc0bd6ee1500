import { join } from "node:path";
import { cellText } from "../../kicad/drift/cell-text.js";
import { readMarkdownTables } from "../../kicad/drift/markdown-table.js";
import { readOptional } from "../../repo/read-optional.js";

/** One non-empty cell of a BOM column, with where it was written. */
export interface BomCell {
  text: string;
  /** `docs/BOM.md:7` */
  where: string;
}

/**
 * The cells of every `<docs>/BOM.md` table column whose header (case-insensitive) is one of
 * `headers`; empty and `-` cells are left out. A missing BOM has none.
 */
export async function bomColumn(
  repo: string,
  docs: string,
  headers: ReadonlySet<string>,
): Promise<BomCell[]> {
  const path = `${docs}/BOM.md`;
  const text = await readOptional(join(repo, path));
  if (!text) return [];
  const cells: BomCell[] = [];
  for (const table of readMarkdownTables(text)) {
    const column = table.headers.findIndex((h) => headers.has(cellText(h).toLowerCase()));
    if (column === -1) continue;
    for (const row of table.rows) {
      const value = cellText(row.cells[column] ?? "").trim();
      if (value !== "" && value !== "-") cells.push({ text: value, where: `${path}:${row.line}` });
    }
  }
  return cells;
}
