import { readFile } from "node:fs/promises";
import { headOf, type SList, textAt } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { type LibSymbol, readLibSymbol } from "../symbol/lib-symbol.js";
import { closestNames } from "./closest-names.js";
import { flattenSymbolNode } from "./flatten-symbol-node.js";
import { libraryEntries } from "./library-entries.js";
import { symbolDirs } from "./symbol-dirs.js";
import { topSymbolNames } from "./top-symbol-names.js";

/** A library symbol ready to place and to vendor: `extends` already flattened. */
export interface CatalogSymbol {
  /** `Library:Symbol` as asked for. */
  libId: string;
  library: string;
  name: string;
  /** The typed view (pins, units, flags). */
  symbol: LibSymbol;
  /** The flattened `(symbol "Name" …)` tree, under its bare name, for embedding and vendoring. */
  node: SList;
}

export type SymbolLookup =
  | { ok: true; symbol: CatalogSymbol }
  | { ok: false; problem: "bad-id" | "unknown-library" | "unknown-symbol"; message: string };

interface LoadedLibrary {
  nodes: Map<string, SList>;
  flat: Map<string, CatalogSymbol>;
}

/**
 * The installed KiCad symbol libraries (`<Library>.kicad_sym` in the symbol folders): resolves
 * `Library:Symbol` ids, flattening `extends`, and explains a miss with the closest real names.
 * Libraries are parsed on first use and kept for the catalog's lifetime.
 */
export class SymbolCatalog {
  readonly dirs: readonly string[];
  private files: Promise<Map<string, string>> | undefined;
  private readonly libraries = new Map<string, Promise<LoadedLibrary>>();
  private nameIndex: Promise<Map<string, string[]>> | undefined;

  constructor(dirs: readonly string[]) {
    this.dirs = dirs;
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): SymbolCatalog {
    return new SymbolCatalog(symbolDirs(env));
  }

  /** Library nickname → file; the first folder holding a library wins. */
  libraryFiles(): Promise<Map<string, string>> {
    this.files ??= libraryEntries(this.dirs, ".kicad_sym");
    return this.files;
  }

  async resolve(libId: string): Promise<SymbolLookup> {
    const colon = libId.indexOf(":");
    if (colon <= 0 || colon === libId.length - 1) {
      return {
        ok: false,
        problem: "bad-id",
        message: `"${libId}" is not a "Library:Symbol" id; write it like "Device:R"`,
      };
    }
    const library = libId.slice(0, colon);
    const name = libId.slice(colon + 1);
    const files = await this.libraryFiles();
    if (!files.has(library)) return this.unknownLibrary(libId, library, name, [...files.keys()]);
    const loaded = await this.load(library, files.get(library) as string);
    const symbol = this.symbolOf(loaded, library, name);
    if (symbol) return { ok: true, symbol };
    return this.unknownSymbol(libId, library, name, [...loaded.nodes.keys()]);
  }

  private async unknownLibrary(
    libId: string,
    library: string,
    name: string,
    libraries: string[],
  ): Promise<SymbolLookup> {
    const elsewhere = await this.librariesHolding(name);
    const where = this.dirs.length > 0 ? this.dirs.join(", ") : "(no symbol folder found)";
    let message = `"${libId}": no library "${library}" is installed (looked in ${where})`;
    if (elsewhere.length > 0) {
      message += `; the symbol name is right but the library is wrong: use ${elsewhere
        .slice(0, 4)
        .map((l) => `"${l}:${name}"`)
        .join(" or ")}`;
    } else {
      const close = closestNames(library, libraries);
      message +=
        close.length > 0 ? `; closest libraries: ${close.join(", ")}` : "; check the library name";
    }
    return { ok: false, problem: "unknown-library", message };
  }

  private async unknownSymbol(
    libId: string,
    library: string,
    name: string,
    names: string[],
  ): Promise<SymbolLookup> {
    const close = closestNames(name, names);
    const elsewhere = (await this.librariesHolding(name)).filter((l) => l !== library);
    let message: string;
    if (elsewhere.length > 0) {
      message = `"${libId}": library ${library} has no symbol "${name}" — the name is right but the library is wrong: use ${elsewhere
        .slice(0, 4)
        .map((l) => `"${l}:${name}"`)
        .join(" or ")}`;
    } else if (close.length > 0) {
      message = `"${libId}": the library ${library} is right but it has no symbol "${name}"; closest real names: ${close.join(", ")}`;
    } else {
      message = `"${libId}": the library ${library} is right but it has no symbol "${name}" nor anything close; pick a symbol the library lists`;
    }
    return { ok: false, problem: "unknown-symbol", message };
  }

  /** Libraries holding a top-level symbol of exactly this name (a text scan, once per file). */
  private async librariesHolding(name: string): Promise<string[]> {
    this.nameIndex ??= (async () => {
      const index = new Map<string, string[]>();
      for (const [library, file] of await this.libraryFiles()) {
        for (const symbol of await topSymbolNames(file)) {
          const holders = index.get(symbol);
          if (holders) holders.push(library);
          else index.set(symbol, [library]);
        }
      }
      return index;
    })();
    return (await this.nameIndex).get(name) ?? [];
  }

  private load(library: string, file: string): Promise<LoadedLibrary> {
    let loaded = this.libraries.get(library);
    if (!loaded) {
      loaded = (async () => {
        // KiCad's installed libraries are neither the repository's nor named by a person: a
        // parse error gives the position, never their text.
        const tree = parseSexp(await readFile(file, "utf8"), { file, quote: false });
        const nodes = new Map<string, SList>();
        for (const item of tree.items) {
          if (item.kind !== "list" || headOf(item) !== "symbol") continue;
          const name = textAt(item, 1);
          if (name !== undefined && !nodes.has(name)) nodes.set(name, item);
        }
        return { nodes, flat: new Map() };
      })();
      this.libraries.set(library, loaded);
    }
    return loaded;
  }

  private symbolOf(
    loaded: LoadedLibrary,
    library: string,
    name: string,
  ): CatalogSymbol | undefined {
    const cached = loaded.flat.get(name);
    if (cached) return cached;
    const raw = loaded.nodes.get(name);
    if (!raw) return undefined;
    const node = flattenSymbolNode(raw, (n) => loaded.nodes.get(n));
    const symbol: CatalogSymbol = {
      libId: `${library}:${name}`,
      library,
      name,
      symbol: readLibSymbol(node),
      node,
    };
    loaded.flat.set(name, symbol);
    return symbol;
  }
}
