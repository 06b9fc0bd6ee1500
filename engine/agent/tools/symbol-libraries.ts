import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadSymbolLibrary, type SymbolLibrary } from "../../kicad/symbol/symbol-library.js";
import { projectLibTable } from "./project-lib-table.js";

/** Where Debian/Ubuntu's KiCad 9 packages install the symbol libraries. */
const DEFAULT_SYMBOL_DIR = "/usr/share/kicad/symbols";

/** Library nickname → .kicad_sym file. */
export type LibraryTable = ReadonlyMap<string, string>;

/**
 * The symbol libraries a design can use: every installed library (KICAD9_SYMBOL_DIR, else the
 * system folder), overlaid by the project's own sym-lib-table next to `schematic` (vendored
 * libraries under ${KIPRJMOD} win, as in KiCad). Rows are resolved by KiCad's rules inside the
 * repository and KiCad's libraries: a row naming a file elsewhere is left out, never read.
 */
export async function symbolLibraries(
  env: NodeJS.ProcessEnv,
  schematic?: string,
): Promise<LibraryTable> {
  const dir = env.KICAD9_SYMBOL_DIR ?? DEFAULT_SYMBOL_DIR;
  const table = new Map<string, string>();
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const name of files.sort()) {
    if (name.endsWith(".kicad_sym"))
      table.set(name.slice(0, -".kicad_sym".length), join(dir, name));
  }
  if (schematic) {
    for (const [name, path] of await projectLibTable(env, schematic, "sym-lib-table")) {
      table.set(name, path);
    }
  }
  return table;
}

const names = new Map<string, Promise<string[]>>();
const libraries = new Map<string, Promise<SymbolLibrary>>();

/**
 * The symbol names of a library, from a scan of its top-level `(symbol "…"` lines: searching
 * ~220 installed libraries must not parse tens of megabytes of s-expressions on every call.
 * KiCad writes each top-level symbol on its own line at one tab of indentation.
 */
export function symbolNames(file: string): Promise<string[]> {
  let found = names.get(file);
  if (!found) {
    found = readFile(file, "utf8").then(
      (text) => [...text.matchAll(/^\t\(symbol "((?:[^"\\]|\\.)*)"/gm)].map((m) => m[1] ?? ""),
      () => [],
    );
    names.set(file, found);
  }
  return found;
}

/** A library parsed with the typed view (cached for the process: the installed files do not change). */
export function symbolLibrary(file: string): Promise<SymbolLibrary> {
  let library = libraries.get(file);
  if (!library) {
    library = loadSymbolLibrary(file);
    libraries.set(file, library);
    library.catch(() => libraries.delete(file));
  }
  return library;
}

/** `Lib:Name` split; undefined when it has no library part. */
export function splitLibId(libId: string): { library: string; name: string } | undefined {
  const at = libId.indexOf(":");
  if (at <= 0 || at === libId.length - 1) return undefined;
  return { library: libId.slice(0, at), name: libId.slice(at + 1) };
}

/** Up to `limit` of `candidates` closest to `wanted` (case-insensitive edit distance; substrings first). */
export function closestNames(wanted: string, candidates: readonly string[], limit = 5): string[] {
  const w = wanted.toLowerCase();
  return candidates
    .map((c) => {
      const l = c.toLowerCase();
      const contains = l.includes(w) || w.includes(l) ? 0 : 1;
      return { c, contains, distance: editDistance(w, l) };
    })
    .sort((a, b) => a.contains - b.contains || a.distance - b.distance || (a.c < b.c ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.c);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
