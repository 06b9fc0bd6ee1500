import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pushAll } from "../../../array-ops.js";
import { subSheetFiles } from "../../cli/sheet-files.js";
import { parseSexp } from "../../sexp/parse.js";

/**
 * The root schematics below `dir`, sorted: every `.kicad_sch` that has its own `.kicad_pro`
 * beside it, or that no other sheet places as a sub-sheet. A project's sub-sheets are scored
 * through their root, never on their own.
 */
export function corpusRoots(dir: string): string[] {
  const sheets = walk(dir).filter((file) => file.endsWith(".kicad_sch"));
  const placed = new Set<string>();
  for (const file of sheets) {
    const text = readFileSync(file, "utf8");
    // Most sheets place nothing: a text test skips parsing them.
    if (!/"Sheet ?file"/.test(text)) continue;
    for (const sub of subSheetFiles(parseSexp(text, { file }))) {
      placed.add(resolve(dirname(file), sub));
    }
  }
  return sheets.filter(
    (file) => existsSync(file.replace(/\.kicad_sch$/, ".kicad_pro")) || !placed.has(file),
  );
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) pushAll(out, walk(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}
