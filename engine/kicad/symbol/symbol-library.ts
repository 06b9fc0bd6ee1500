import { readText } from "../../repo/read-text.js";
import { childNumber, childText, headOf, type SList, textAt } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { flattenSymbol } from "./flatten.js";
import { type LibSymbol, readLibSymbol } from "./lib-symbol.js";
import { SymbolLibraryError } from "./symbol-library-error.js";

/**
 * A `.kicad_sym` library. Symbols are read only when asked for (a library like 74xx holds
 * hundreds, a caller usually needs a few) and come back with `extends` flattened.
 */
export interface SymbolLibrary {
  file: string | undefined;
  version: number | undefined;
  generator: string | undefined;
  /** Symbol names in file order. */
  names: readonly string[];
  has(name: string): boolean;
  /** The flattened symbol, or undefined when the library has no such symbol. */
  get(name: string): LibSymbol | undefined;
  /** Like `get`, but a missing symbol is a SymbolLibraryError naming the library. */
  require(name: string): LibSymbol;
  /** The symbol as written (derived symbols still carry only their own properties). */
  unflattened(name: string): LibSymbol | undefined;
}

export function readSymbolLibrary(tree: SList, options: { file?: string } = {}): SymbolLibrary {
  if (headOf(tree) !== "kicad_symbol_lib") {
    throw new SymbolLibraryError(
      `${options.file ?? "input"} is a (${headOf(tree) ?? "?"} …) file, not a symbol library`,
      "pass a .kicad_sym file, whose root is (kicad_symbol_lib …)",
    );
  }
  const nodes = new Map<string, SList>();
  for (const item of tree.items) {
    if (item.kind === "list" && headOf(item) === "symbol") {
      const name = textAt(item, 1);
      if (name !== undefined && !nodes.has(name)) nodes.set(name, item);
    }
  }
  const raw = new Map<string, LibSymbol>();
  const flat = new Map<string, LibSymbol>();
  const unflattened = (name: string): LibSymbol | undefined => {
    let symbol = raw.get(name);
    if (!symbol) {
      const node = nodes.get(name);
      if (!node) return undefined;
      symbol = readLibSymbol(node);
      raw.set(name, symbol);
    }
    return symbol;
  };
  const get = (name: string): LibSymbol | undefined => {
    let symbol = flat.get(name);
    if (!symbol) {
      const own = unflattened(name);
      if (!own) return undefined;
      symbol = flattenSymbol(own, unflattened);
      flat.set(name, symbol);
    }
    return symbol;
  };
  const where = options.file ?? "the symbol library";
  return {
    file: options.file,
    version: childNumber(tree, "version"),
    generator: childText(tree, "generator"),
    names: [...nodes.keys()],
    has: (name) => nodes.has(name),
    get,
    require(name) {
      const symbol = get(name);
      if (!symbol) {
        throw new SymbolLibraryError(
          `${where} has no symbol "${name}"`,
          "check the spelling (names are case-sensitive) or pick a symbol the library lists",
        );
      }
      return symbol;
    },
    unflattened,
  };
}

/** Reads and indexes a `.kicad_sym` file from disk. */
export async function loadSymbolLibrary(path: string): Promise<SymbolLibrary> {
  const text = await readText(path);
  return readSymbolLibrary(parseSexp(text, { file: path }), { file: path });
}
