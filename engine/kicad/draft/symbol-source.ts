import { readFile } from "node:fs/promises";
import type { CatalogSymbol, SymbolLookup } from "../library/symbol-catalog.js";
import { atom, child, headOf, list, type SList, str, textAt } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { readLibSymbol } from "../symbol/lib-symbol.js";

/** Where the drafter gets symbols: the installed catalog, or that with a design's own copies. */
export interface SymbolSource {
  resolve(libId: string): Promise<SymbolLookup>;
}

/** The `(lib_symbols …)` copies of one or more sheet files, by their full lib_id. */
export async function embeddedSymbols(files: readonly string[]): Promise<Map<string, SList>> {
  const found = new Map<string, SList>();
  for (const file of files) {
    const tree = parseSexp(await readFile(file, "utf8"), { file });
    for (const item of child(tree, "lib_symbols")?.items ?? []) {
      if (item.kind !== "list" || headOf(item) !== "symbol") continue;
      const id = textAt(item, 1);
      if (id !== undefined && !found.has(id)) found.set(id, item);
    }
  }
  return found;
}

/**
 * The installed libraries first; a symbol they lack (a renamed or custom part) comes from the
 * design's embedded copy, which KiCad already flattened when it saved the sheet.
 */
export function withEmbeddedFallback(
  installed: SymbolSource,
  embedded: ReadonlyMap<string, SList>,
): SymbolSource {
  return {
    async resolve(libId) {
      const found = await installed.resolve(libId);
      const copy = embedded.get(libId);
      if (found.ok || !copy) return found;
      const colon = libId.indexOf(":");
      const library = colon > 0 ? libId.slice(0, colon) : "embedded";
      const name = colon > 0 ? libId.slice(colon + 1) : libId;
      // Embedded copies are named by lib_id; a library copy is named by its bare name.
      const node = list([atom("symbol"), str(name), ...copy.items.slice(2)]);
      const symbol: CatalogSymbol = { libId, library, name, symbol: readLibSymbol(node), node };
      return { ok: true, symbol };
    },
  };
}
