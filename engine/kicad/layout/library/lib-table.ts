import { CopperheadError } from "../../../errors.js";
import { node } from "../../sexp/build.js";
import { childText, headOf, type SList, type SNode, str, textAt } from "../../sexp/node.js";
import { parseSexp } from "../../sexp/parse.js";
import { atomText } from "../../sexp/write.js";

/** One `(lib (name …)(type …)(uri …)(options …)(descr …))` row, with any extra flags kept. */
export interface LibTableRow {
  readonly name: string;
  readonly type: string;
  readonly uri: string;
  readonly options: string;
  readonly descr: string;
  /** The row as read (flags such as `(disabled)` survive a rewrite); undefined for new rows. */
  readonly node?: SList;
}

export type LibTableKind = "fp_lib_table" | "sym_lib_table";

export interface LibTable {
  readonly kind: LibTableKind;
  readonly version: number | undefined;
  readonly rows: readonly LibTableRow[];
}

/** A library table that is not a KiCad table: it is never rewritten, so nothing is lost. */
export class LibTableError extends CopperheadError {}

/** Reads an `fp-lib-table` / `sym-lib-table` text. */
export function parseLibTable(text: string, file: string, kind: LibTableKind): LibTable {
  let root: SList;
  try {
    root = parseSexp(text, { file });
  } catch (cause) {
    throw new LibTableError(
      `${file} is not a readable library table (${(cause as Error).message})`,
      `fix or remove ${file}; copperhead merges its rows into it and never replaces a table it cannot read`,
      { cause },
    );
  }
  if (headOf(root) !== kind) {
    throw new LibTableError(
      `${file} starts with (${headOf(root) ?? "?"} …), not (${kind} …)`,
      `fix or remove ${file}`,
    );
  }
  const rows: LibTableRow[] = [];
  let version: number | undefined;
  for (const item of root.items) {
    if (item.kind !== "list") continue;
    const head = headOf(item);
    if (head === "version") version = Number(textAt(item, 1));
    if (head !== "lib") continue;
    rows.push({
      name: childText(item, "name") ?? "",
      type: childText(item, "type") ?? "KiCad",
      uri: childText(item, "uri") ?? "",
      options: childText(item, "options") ?? "",
      descr: childText(item, "descr") ?? "",
      node: item,
    });
  }
  return { kind, version, rows };
}

/**
 * `ours` merged into `existing`: every existing row stays as it is, except rows `isOurs` claims
 * (written by an earlier run), which give way to the new ones; a new row whose nickname a person's
 * row already uses is left out (their row wins: it is what KiCad would resolve). Rows keep the
 * existing order; new ones follow, sorted by name.
 */
export function mergeLibRows(
  existing: readonly LibTableRow[],
  ours: readonly LibTableRow[],
  isOurs: (row: LibTableRow) => boolean,
): LibTableRow[] {
  const kept = existing.filter((row) => !isOurs(row));
  const taken = new Set(kept.map((row) => row.name));
  const added = [...ours]
    .filter((row) => !taken.has(row.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const replaced = new Map(added.map((row) => [row.name, row]));
  // A row of ours that was already there keeps its place in the file.
  const out: LibTableRow[] = [];
  for (const row of existing) {
    if (!isOurs(row)) out.push(row);
    else {
      const next = replaced.get(row.name);
      if (next) {
        out.push(next);
        replaced.delete(row.name);
      }
    }
  }
  for (const row of added) if (replaced.has(row.name)) out.push(row);
  return out;
}

function rowNode(row: LibTableRow): SList {
  if (row.node) return row.node;
  return node(
    "lib",
    node("name", str(row.name)),
    node("type", str(row.type)),
    node("uri", str(row.uri)),
    node("options", str(row.options)),
    node("descr", str(row.descr)),
  );
}

/** KiCad's own table layout: one line per row, `(lib (name "…")(type "…")…)`. */
function compact(item: SNode): string {
  if (item.kind === "atom") return atomText(item);
  let out = "(";
  item.items.forEach((child, i) => {
    if (i > 0 && (child.kind === "atom" || i === 1)) out += " ";
    out += compact(child);
  });
  return `${out})`;
}

/** The table's text as KiCad 9 writes it (version 7). */
export function libTableText(kind: LibTableKind, rows: readonly LibTableRow[]): string {
  const lines = [`(${kind}`, "\t(version 7)"];
  for (const row of rows) lines.push(`\t${compact(rowNode(row))}`);
  lines.push(")", "");
  return lines.join("\n");
}
