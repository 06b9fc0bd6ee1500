import { readFile, stat } from "node:fs/promises";

// Top-level symbols sit one tab deep in every KiCad 9 library; unit sub-symbols sit deeper.
const TOP_SYMBOL = /^\t\(symbol "((?:[^"\\]|\\.)*)"/gm;

interface Scan {
  mtimeMs: number;
  size: number;
  names: Promise<string[]>;
}

// Per process, keyed by file: a gate that misses a symbol asks every installed library which of
// them holds its name, and each gate makes its own catalog, so without this every miss re-read
// all ~220 installed libraries (about 2 s). A file whose size or mtime changed is scanned again,
// so a project library a person edits is never answered from its old text.
const scans = new Map<string, Scan>();

/** The names of a `.kicad_sym` file's top-level symbols (a text scan, not a parse). */
export async function topSymbolNames(file: string): Promise<string[]> {
  const { mtimeMs, size } = await stat(file);
  const known = scans.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.names;
  const names = readFile(file, "utf8").then((text) =>
    [...text.matchAll(TOP_SYMBOL)].map((m) => m[1] ?? ""),
  );
  scans.set(file, { mtimeMs, size, names });
  names.catch(() => scans.delete(file));
  return names;
}
