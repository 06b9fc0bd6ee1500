import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { closestNames } from "../../library/closest-names.js";
import { libraryEntries } from "../../library/library-entries.js";
import type { SList } from "../../sexp/node.js";
import { parseSexp } from "../../sexp/parse.js";
import { footprintDirs } from "./footprint-dirs.js";

/** Where a footprint library comes from: the project's own fp-lib-table, or KiCad's install. */
export type LibrarySource = "project" | "installed";

export interface FootprintLibrary {
  readonly nickname: string;
  /** The `.pretty` folder. */
  readonly dir: string;
  readonly source: LibrarySource;
  /**
   * A project row copperhead wrote for its vendored copies: a footprint missing there (a part
   * added since) still resolves from the installed library of the same nickname.
   */
  readonly vendored?: boolean;
}

/** A library footprint, resolved: its file, its bytes and its tree (as the library writes it). */
export interface CatalogFootprint {
  /** `Library:Name`. */
  readonly libId: string;
  readonly library: FootprintLibrary;
  readonly name: string;
  readonly file: string;
  readonly text: string;
  readonly node: SList;
}

export type FootprintLookup =
  | { ok: true; footprint: CatalogFootprint }
  | {
      ok: false;
      problem: "no-footprint" | "bad-id" | "unknown-library" | "unknown-footprint";
      message: string;
      /** Real `Library:Name` ids close to what was asked for, best first. */
      suggestions: string[];
    };

const EXT = ".kicad_mod";

/**
 * KiCad's footprint libraries as a project sees them: the project's fp-lib-table rows first
 * (KiCad resolves a nickname there before the global table), then the installed `.pretty`
 * folders. Resolves `Library:Name` and explains a miss with the closest real names.
 */
export class FootprintCatalog {
  private readonly byNickname: Map<string, FootprintLibrary>;
  private readonly installedByNickname = new Map<string, FootprintLibrary>();
  private readonly names = new Map<string, Promise<string[]>>();
  private installed: Promise<void> | undefined;
  private readonly loaded = new Map<string, Promise<CatalogFootprint | undefined>>();

  constructor(
    private readonly installedDirs: readonly string[],
    projectLibraries: readonly FootprintLibrary[] = [],
  ) {
    this.byNickname = new Map(projectLibraries.map((l) => [l.nickname, l]));
  }

  static fromEnv(
    env: NodeJS.ProcessEnv = process.env,
    projectLibraries: readonly FootprintLibrary[] = [],
  ): FootprintCatalog {
    return new FootprintCatalog(footprintDirs(env), projectLibraries);
  }

  /** Every library the catalog can see, by nickname (project rows shadow installed ones). */
  async libraries(): Promise<Map<string, FootprintLibrary>> {
    this.installed ??= (async () => {
      for (const [nickname, dir] of await libraryEntries(this.installedDirs, ".pretty")) {
        const library: FootprintLibrary = { nickname, dir, source: "installed" };
        this.installedByNickname.set(nickname, library);
        if (!this.byNickname.has(nickname)) this.byNickname.set(nickname, library);
      }
    })();
    await this.installed;
    return this.byNickname;
  }

  /** The footprint names of one library, sorted. */
  footprintNames(library: FootprintLibrary): Promise<string[]> {
    let names = this.names.get(library.dir);
    if (!names) {
      names = readdir(library.dir).then(
        (entries) =>
          entries
            .filter((e) => e.endsWith(EXT))
            .map((e) => e.slice(0, -EXT.length))
            .sort(),
        () => [],
      );
      this.names.set(library.dir, names);
    }
    return names;
  }

  async resolve(libId: string): Promise<FootprintLookup> {
    if (libId.trim() === "") {
      return {
        ok: false,
        problem: "no-footprint",
        message: "the symbol has no Footprint field; set it to a `Library:Footprint` id",
        suggestions: [],
      };
    }
    const colon = libId.indexOf(":");
    if (colon <= 0 || colon === libId.length - 1) {
      const suggestions = await this.holding(libId);
      return {
        ok: false,
        problem: "bad-id",
        message: `"${libId}" is not a "Library:Footprint" id${suggestions.length > 0 ? `; did you mean ${quoteList(suggestions)}` : ""}`,
        suggestions,
      };
    }
    const nickname = libId.slice(0, colon);
    const name = libId.slice(colon + 1);
    const libraries = await this.libraries();
    const library = libraries.get(nickname);
    if (!library) {
      const holding = await this.holding(name);
      const close = closestNames(nickname, libraries.keys());
      const suggestions =
        holding.length > 0 ? holding : close.map((lib) => `${lib}:${name}`).slice(0, 3);
      const hint =
        holding.length > 0
          ? `the footprint name is right but the library is wrong: use ${quoteList(holding)}`
          : close.length > 0
            ? `closest libraries: ${close.join(", ")}`
            : "check the library name";
      return {
        ok: false,
        problem: "unknown-library",
        message: `"${libId}": no footprint library "${nickname}" (${this.where()}); ${hint}`,
        suggestions,
      };
    }
    let found = await this.load(library, name);
    const installed = this.installedByNickname.get(nickname);
    if (!found && library.vendored && installed) found = await this.load(installed, name);
    if (found) return { ok: true, footprint: found };
    const names = await this.footprintNames(library);
    const close = closestNames(name, names).map((n) => `${nickname}:${n}`);
    const elsewhere = (await this.holding(name)).filter((id) => !id.startsWith(`${nickname}:`));
    const suggestions = elsewhere.length > 0 ? elsewhere : close;
    const hint =
      elsewhere.length > 0
        ? `the name is right but the library is wrong: use ${quoteList(elsewhere)}`
        : close.length > 0
          ? `closest real footprints: ${close.join(", ")}`
          : "nothing in that library is close; pick a footprint it lists";
    return {
      ok: false,
      problem: "unknown-footprint",
      message: `"${libId}": library ${nickname} has no footprint "${name}"; ${hint}`,
      suggestions,
    };
  }

  private where(): string {
    const dirs = this.installedDirs.length > 0 ? this.installedDirs.join(", ") : "none installed";
    return `looked in the project fp-lib-table and ${dirs}`;
  }

  /** `Library:Name` of every library holding a footprint of exactly this name (at most four). */
  async holding(name: string): Promise<string[]> {
    const out: string[] = [];
    for (const library of (await this.libraries()).values()) {
      const names = await this.footprintNames(library);
      if (binaryHas(names, name)) out.push(`${library.nickname}:${name}`);
    }
    return out.sort().slice(0, 4);
  }

  private load(library: FootprintLibrary, name: string): Promise<CatalogFootprint | undefined> {
    const key = `${library.dir}\u0000${name}`;
    let found = this.loaded.get(key);
    if (!found) {
      found = (async () => {
        const names = await this.footprintNames(library);
        if (!binaryHas(names, name)) return undefined;
        const file = join(library.dir, `${name}${EXT}`);
        const text = await readFile(file, "utf8");
        return {
          libId: `${library.nickname}:${name}`,
          library,
          name,
          file,
          text,
          node: parseSexp(text, { file }),
        };
      })();
      this.loaded.set(key, found);
    }
    return found;
  }
}

function binaryHas(sorted: readonly string[], name: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as string) < name) lo = mid + 1;
    else hi = mid;
  }
  return sorted[lo] === name;
}

function quoteList(ids: readonly string[]): string {
  return ids.map((id) => `"${id}"`).join(" or ");
}
