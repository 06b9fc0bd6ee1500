import type { CatalogSymbol } from "../library/symbol-catalog.js";
import { node } from "../sexp/build.js";
import { atom, list, type SList, str, textAt } from "../sexp/node.js";

/** The symbols a sheet uses, copied into one project library so the sheet needs no system library. */
export interface VendoredLibrary {
  nickname: string;
  /** Source `Library:Symbol` → the id placed symbols use (`<nickname>:<Name>`). */
  libIdOf: Map<string, string>;
  /** `(symbol "Name" …)` trees under their names in the project library, sorted by name. */
  symbols: SList[];
}

/** The symbol renamed `to`, with its unit sub-symbols (`<from>_1_1`…) renamed to match. */
export function renameSymbol(tree: SList, from: string, to: string): SList {
  const items = tree.items.map((item, i) => {
    if (i === 1) return str(to);
    if (item.kind === "list" && textAt(item, 0) === "symbol") {
      const sub = textAt(item, 1) ?? "";
      if (sub.startsWith(`${from}_`))
        return list([
          atom("symbol"),
          str(`${to}${sub.slice(from.length)}`),
          ...item.items.slice(2),
        ]);
    }
    return item;
  });
  return list(items);
}

/**
 * KiCad 5's simulation fields (`Spice_Primitive`, `Spice_Model`, …). KiCad migrates them to its
 * `Sim.*` fields when it loads a symbol through the library table, but not when it reads a sheet's
 * embedded copy, so a vendored symbol that keeps them makes ERC call every placement a
 * lib_symbol_mismatch. Old designs' embedded copies (the redraft fallback) still carry them.
 */
const LEGACY_SIM_FIELD = /^Spice_/;

function withoutLegacySimFields(tree: SList): SList {
  const legacy = (item: SList["items"][number]) =>
    item.kind === "list" &&
    textAt(item, 0) === "property" &&
    LEGACY_SIM_FIELD.test(textAt(item, 1) ?? "");
  return tree.items.some(legacy) ? list(tree.items.filter((item) => !legacy(item))) : tree;
}

/** Project library names: `[A-Za-z0-9_-]`, so they stay valid nicknames on every platform. */
export function librarySlug(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_") || "project";
}

/**
 * One project library holding every symbol used, flattened, under its own name; when two source
 * libraries offer the same name, the later one (by source id) is prefixed with its library.
 * Legacy simulation fields are left out (see LEGACY_SIM_FIELD).
 */
export function vendorLibrary(nickname: string, used: Iterable<CatalogSymbol>): VendoredLibrary {
  const sources = [...new Map([...used].map((s) => [s.libId, s])).values()].sort((a, b) =>
    a.libId < b.libId ? -1 : a.libId > b.libId ? 1 : 0,
  );
  const libIdOf = new Map<string, string>();
  const taken = new Set<string>();
  const symbols: SList[] = [];
  for (const source of sources) {
    let name = source.name;
    if (taken.has(name)) name = `${source.library}_${source.name}`;
    taken.add(name);
    libIdOf.set(source.libId, `${nickname}:${name}`);
    const tree = withoutLegacySimFields(source.node);
    symbols.push(name === source.name ? tree : renameSymbol(tree, source.name, name));
  }
  symbols.sort((a, b) => ((textAt(a, 1) ?? "") < (textAt(b, 1) ?? "") ? -1 : 1));
  return { nickname, libIdOf, symbols };
}

/** The `.kicad_sym` file of the project library. */
export function libraryFileTree(library: VendoredLibrary): SList {
  return node(
    "kicad_symbol_lib",
    node("version", atom("20241209")),
    node("generator", str("copperhead")),
    node("generator_version", str("9.0")),
    library.symbols,
  );
}

/** The project `sym-lib-table`: only the project library, so nothing resolves to the system. */
export function symLibTableTree(library: VendoredLibrary): SList {
  return node(
    "sym_lib_table",
    node("version", atom("7")),
    node(
      "lib",
      node("name", str(library.nickname)),
      node("type", str("KiCad")),
      node("uri", str(`\${KIPRJMOD}/${library.nickname}.kicad_sym`)),
      node("options", str("")),
      node("descr", str("copperhead vendored symbols")),
    ),
  );
}

/** The embedded copy for a sheet's `(lib_symbols …)`: the same tree named by its full lib_id. */
export function embeddedSymbol(library: VendoredLibrary, tree: SList): SList {
  const name = textAt(tree, 1) ?? "";
  return list([atom("symbol"), str(`${library.nickname}:${name}`), ...tree.items.slice(2)]);
}
