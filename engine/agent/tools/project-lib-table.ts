import { join, resolve } from "node:path";
import { children, childText } from "../../kicad/sexp/node.js";
import { parseSexp } from "../../kicad/sexp/parse.js";
import { readOptional } from "../../repo/read-optional.js";

/**
 * The rows of a project's library table (`sym-lib-table`, `fp-lib-table`) in `project`:
 * nickname → absolute path, with `${KIPRJMOD}` (either spelling) resolved to the project and
 * `${KICADn_<KIND>_DIR}` to `installed`. A row with any other variable (a user path variable)
 * is left out: it cannot be resolved here. A project without the table has no rows.
 */
export async function projectLibTable(
  project: string,
  table: "sym-lib-table" | "fp-lib-table",
  installed: string,
): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  const text = await readOptional(join(project, table));
  if (!text) return rows;
  const installedVariable =
    table === "sym-lib-table" ? /\$\{KICAD\d*_SYMBOL_DIR\}/g : /\$\{KICAD\d*_FOOTPRINT_DIR\}/g;
  for (const lib of children(parseSexp(text), "lib")) {
    const name = childText(lib, "name");
    const uri = childText(lib, "uri");
    if (!name || !uri) continue;
    const path = uri.replace(/\$[{(]KIPRJMOD[})]/g, project).replace(installedVariable, installed);
    if (!/\$[{(]/.test(path)) rows.set(name, resolve(project, path));
  }
  return rows;
}
