import type { LibSymbol } from "./lib-symbol.js";
import type { Property } from "./property.js";
import { SymbolLibraryError } from "./symbol-library-error.js";

/** KiCad 9's mandatory fields: an empty one in a derived symbol inherits the parent's value. */
const MANDATORY = new Set(["Reference", "Value", "Footprint", "Datasheet", "Description"]);

/**
 * Resolves `extends` the way KiCad's LIB_SYMBOL::Flatten does: the result is the (recursively
 * flattened) parent — units, pins, graphics, flags — renamed to the child, with the child's
 * properties overriding the parent's by name (an empty mandatory field keeps the parent's text).
 */
export function flattenSymbol(
  symbol: LibSymbol,
  lookup: (name: string) => LibSymbol | undefined,
  seen: ReadonlySet<string> = new Set(),
): LibSymbol {
  if (symbol.extends === undefined) return symbol;
  if (seen.has(symbol.name)) {
    throw new SymbolLibraryError(
      `symbol "${symbol.name}" extends itself through ${[...seen].join(" → ")}`,
      "break the cycle: make one symbol in the chain a plain (non-derived) symbol",
    );
  }
  const parentRaw = lookup(symbol.extends);
  if (!parentRaw) {
    throw new SymbolLibraryError(
      `symbol "${symbol.name}" extends "${symbol.extends}", which is not in the library`,
      `add "${symbol.extends}" to the library or change the extends of "${symbol.name}"`,
    );
  }
  const parent = flattenSymbol(parentRaw, lookup, new Set([...seen, symbol.name]));
  const properties: Property[] = [...parent.properties];
  for (const own of symbol.properties) {
    const index = properties.findIndex((p) => p.name === own.name);
    if (index < 0) properties.push(own);
    else if (MANDATORY.has(own.name) && own.value === "") continue;
    else properties[index] = own;
  }
  return { ...parent, name: symbol.name, extends: undefined, properties };
}
