import { readFile } from "node:fs/promises";
import { quoteExcerpt } from "../../excerpt.js";
import type { PathFinding } from "../paths/path-finding.js";
import { resolveReference } from "../paths/resolve-reference.js";
import { scanLists } from "../paths/scan-lists.js";
import type { TrustScope } from "../paths/trust-scope.js";

const NAME_FIELDS = new Set(["sheetname", "sheet name"]);
const FILE_FIELDS = new Set(["sheetfile", "sheet file"]);

/** Sheetfile values of a sheet's text, each with the sheet name written before it. */
export function sheetFileReferences(text: string): Array<{ written: string; sheetName: string }> {
  const found: Array<{ written: string; sheetName: string }> = [];
  let sheetName = "";
  for (const list of scanLists(text, new Set(["property"]), 2)) {
    const name = list.atoms[0]?.toLowerCase() ?? "";
    const value = list.atoms[1] ?? "";
    if (NAME_FIELDS.has(name)) sheetName = value;
    else if (FILE_FIELDS.has(name) && value !== "") found.push({ written: value, sheetName });
  }
  return found;
}

/**
 * The sheets of a hierarchy our parser cannot read (a truncated file, an unknown token, a BOM):
 * kicad-cli may still load it and follow its Sheetfile fields, so they are found by the
 * lexer-level scan instead and checked the same way. `visit` sees each sheet's text.
 */
export async function walkSheetsLeniently(
  scope: TrustScope,
  root: string,
  visit: (file: string, text: string) => void,
): Promise<PathFinding[]> {
  const findings: PathFinding[] = [];
  const seen = new Set<string>();
  const queue = [root];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) continue;
    visit(file, text);
    for (const ref of sheetFileReferences(text)) {
      const resolution = await resolveReference(scope, {
        written: ref.written,
        holder: file,
        field: `Sheetfile of sheet ${quoteExcerpt(ref.sheetName, 60)}`,
        rules: "sheet",
        expect: "file",
      });
      if (!resolution.ok) findings.push(resolution.finding);
      else if (resolution.exists) queue.push(resolution.path);
    }
  }
  return findings;
}
