import { cellText } from "./cell-text.js";
import { type ColumnRole, findColumns } from "./column-roles.js";
import { type MarkdownTable, readMarkdownTables } from "./markdown-table.js";

/** A markdown table with its columns identified and its cells reduced to plain text. */
export interface RoleTable {
  table: MarkdownTable;
  /** Plain header texts, as the document spells them. */
  headers: string[];
  columns: Map<ColumnRole, number>;
  rows: { line: number; cell: (role: ColumnRole) => string }[];
}

export function readRoleTables(text: string): RoleTable[] {
  return readMarkdownTables(text).map((table) => {
    const headers = table.headers.map(cellText);
    const columns = findColumns(headers);
    const rows = table.rows.map((row) => ({
      line: row.line,
      cell: (role: ColumnRole) => {
        const index = columns.get(role);
        return index === undefined ? "" : cellText(row.cells[index] ?? "");
      },
    }));
    return { table, headers, columns, rows };
  });
}

/** The document's spelling of a role's header ("" when the table has no such column). */
export function headerOf(t: RoleTable, role: ColumnRole): string {
  const index = t.columns.get(role);
  return index === undefined ? "" : (t.headers[index] ?? "");
}
