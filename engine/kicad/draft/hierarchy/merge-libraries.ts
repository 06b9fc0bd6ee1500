import { isList, type SList, textAt } from "../../sexp/node.js";
import { parseSexp } from "../../sexp/parse.js";
import { writeSexp } from "../../sexp/write.js";

/**
 * One project library from the sub-sheets' drafts: every sheet vendored the symbols it uses
 * into a library of the same name, so the union by symbol name is the hierarchy's library.
 * Symbols named in `drop` (the port symbol, once every port is a label) are left out.
 */
export function mergeLibraries(texts: readonly string[], drop: ReadonlySet<string>): string {
  const trees = texts.map((t) => parseSexp(t));
  const first = trees[0];
  if (!first) throw new Error("no library to merge");
  const header = first.items.filter((i) => !isList(i, "symbol"));
  const symbols = new Map<string, SList>();
  for (const tree of trees)
    for (const item of tree.items)
      if (isList(item, "symbol")) {
        const name = textAt(item, 1) ?? "";
        if (!drop.has(name) && !symbols.has(name)) symbols.set(name, item);
      }
  const ordered = [...symbols.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => s);
  return writeSexp({ ...first, items: [...header, ...ordered] });
}
