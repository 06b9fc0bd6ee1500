import { node } from "../sexp/build.js";
import { children, childText, str } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { atomText, writeSexp } from "../sexp/write.js";

/** One library row of a KiCad `sym-lib-table` / `fp-lib-table`. */
export interface LibRow {
  name: string;
  type: string;
  uri: string;
  options: string;
  descr: string;
}

export type TableHead = "sym_lib_table" | "fp_lib_table";

/**
 * What adding our rows to the table already beside a draft does: nothing to write (every row is
 * there, pointing where ours point), the table with our rows appended after the person's, or a
 * refusal when a row of the same name points elsewhere (replacing it would break their design,
 * keeping it would break ours).
 */
export type TableMerge =
  | { kind: "unchanged" }
  | { kind: "update"; text: string; added: string[] }
  | { kind: "conflict"; reason: string };

/** The rows of a table's text (a SexpParseError when it is not one). */
export function rowsOf(text: string, file: string): LibRow[] {
  const table = parseSexp(text, { file });
  return children(table, "lib").map((row) => ({
    name: childText(row, "name") ?? "",
    type: childText(row, "type") ?? "KiCad",
    uri: childText(row, "uri") ?? "",
    options: childText(row, "options") ?? "",
    descr: childText(row, "descr") ?? "",
  }));
}

export function rowNode(row: LibRow) {
  return node(
    "lib",
    node("name", str(row.name)),
    node("type", str(row.type)),
    node("uri", str(row.uri)),
    node("options", str(row.options)),
    node("descr", str(row.descr)),
  );
}

/**
 * Adds `ours` to the `existing` table text. The person's bytes are kept as they are: our rows
 * are inserted before the table's closing parenthesis, in KiCad's layout, so the diff is only
 * what we added. A table that does not parse, or is the other kind of table, is a conflict.
 */
export function mergeLibTable(
  head: TableHead,
  existing: string,
  ours: readonly LibRow[],
  file: string,
): TableMerge {
  let theirs: LibRow[];
  try {
    const tree = parseSexp(existing, { file });
    const found = tree.items[0]?.kind === "atom" ? tree.items[0].text : "";
    if (found !== head) {
      return { kind: "conflict", reason: `it is a (${found}) file, not a (${head}) table` };
    }
    theirs = rowsOf(existing, file);
  } catch (error) {
    return { kind: "conflict", reason: `it does not parse (${(error as Error).message})` };
  }
  const added: LibRow[] = [];
  for (const row of ours) {
    const same = theirs.find((t) => t.name === row.name);
    if (!same) {
      added.push(row);
      continue;
    }
    if (same.uri !== row.uri || same.type !== row.type) {
      return {
        kind: "conflict",
        reason: `its row "${row.name}" points at ${same.uri}, and the draft needs "${row.name}" to be ${row.uri}`,
      };
    }
  }
  if (added.length === 0) return { kind: "unchanged" };
  const close = existing.lastIndexOf(")");
  const rows = added.map((row) => rowText(row, existing)).join("\n");
  const before = existing.slice(0, close).replace(/\s*$/, "");
  const text = `${before}\n${rows}\n${existing.slice(close)}`;
  return { kind: "update", text, added: added.map((r) => r.name) };
}

/**
 * A row as the table already writes its rows: KiCad 8's one line per library with its
 * indentation (`  (lib (name "x")(type "KiCad")…)`), or KiCad 9's one field per line.
 */
function rowText(row: LibRow, table: string): string {
  const oneLine = /^([ \t]*)\(lib \(name /m.exec(table);
  if (oneLine) {
    const fields = ["name", "type", "uri", "options", "descr"] as const;
    return `${oneLine[1]}(lib ${fields.map((f) => `(${f} ${atomText(str(row[f]))})`).join("")})`;
  }
  return writeSexp(rowNode(row))
    .trimEnd()
    .split("\n")
    .map((line) => `\t${line}`)
    .join("\n");
}
