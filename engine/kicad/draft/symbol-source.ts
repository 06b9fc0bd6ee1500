import type { CatalogSymbol, SymbolLookup } from "../library/symbol-catalog.js";
import { readConfinedText } from "../paths/read-confined.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { child, children, childText, headOf, type SList, textAt } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { readLibSymbol } from "../symbol/lib-symbol.js";
import { renameSymbol } from "./vendor-library.js";

/** Where the drafter gets symbols: the installed catalog, or that with a design's own copies. */
export interface SymbolSource {
  resolve(libId: string): Promise<SymbolLookup>;
}

/**
 * The `(lib_symbols …)` copies of one or more sheet files, by the lib_id that uses them. A placed
 * symbol with `(lib_name X)` (its copy differs from the library's) uses the copy named X, not
 * the one named by its lib_id; it is found under that lib_id unless a copy is already there.
 * Each file is read only when it really lies inside `scope` (default: its repository).
 */
export async function embeddedSymbols(
  files: readonly string[],
  scope?: TrustScope,
): Promise<Map<string, SList>> {
  const found = new Map<string, SList>();
  for (const file of files) {
    const read = await readConfinedText(scope ?? trustScopeFor(file), file, "sheet file");
    if (read.status === "refused") throw new UnsafeDesignError([read.finding]);
    if (read.status === "missing") continue;
    const tree = parseSexp(read.text, { file });
    const cache = new Map<string, SList>();
    for (const item of child(tree, "lib_symbols")?.items ?? []) {
      if (item.kind !== "list" || headOf(item) !== "symbol") continue;
      const id = textAt(item, 1);
      if (id !== undefined && !cache.has(id)) cache.set(id, item);
    }
    for (const [id, copy] of cache) if (!found.has(id)) found.set(id, copy);
    for (const placed of children(tree, "symbol")) {
      const libId = childText(placed, "lib_id");
      const copy = cache.get(childText(placed, "lib_name") ?? "");
      if (libId !== undefined && copy && !found.has(libId)) found.set(libId, copy);
    }
  }
  return found;
}

/** `Lib:Name` → `Name`: the base that a symbol's unit sub-symbols (`Name_1_1`) are named from. */
function bareName(id: string): string {
  return id.slice(id.lastIndexOf(":") + 1);
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
      // Embedded copies are named by lib_id (or lib_name); a library copy by its bare name,
      // and its unit sub-symbols must start with that name.
      const node = renameSymbol(copy, bareName(textAt(copy, 1) ?? name), name);
      const symbol: CatalogSymbol = { libId, library, name, symbol: readLibSymbol(node), node };
      return { ok: true, symbol };
    },
  };
}
