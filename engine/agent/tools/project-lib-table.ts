import { basename, dirname, join } from "node:path";
import { readLibraryTable } from "../../kicad/library/read-library-table.js";
import { hasVariables } from "../../kicad/paths/path-variables.js";
import { readProjectSettings, variablesOf } from "../../kicad/paths/project-settings.js";
import { trustScopeFor } from "../../kicad/paths/trust-scope.js";

/**
 * The rows of the library table (`sym-lib-table`, `fp-lib-table`) of the project `schematic`
 * belongs to: nickname → absolute path, each URI resolved by KiCad's rules (`${KIPRJMOD}` in
 * either spelling, KiCad's library variables, the project's text variables) inside the
 * repository and KiCad's installed libraries. A row naming a file elsewhere, or a variable
 * KiCad would take from the environment, is left out, never read. No table, no rows.
 */
export async function projectLibTable(
  env: NodeJS.ProcessEnv,
  schematic: string,
  table: "sym-lib-table" | "fp-lib-table",
): Promise<Map<string, string>> {
  const project = dirname(schematic);
  const name = basename(schematic).replace(/\.kicad_sch$/, "");
  const scope = trustScopeFor(schematic, env);
  const settings = await readProjectSettings(scope, project, name);
  const variables = variablesOf(scope, project, name, settings);
  const checked = await readLibraryTable(scope, join(project, table), variables);
  const rows = new Map<string, string>();
  for (const row of checked.rows) {
    // A refused URI, or one whose variable KiCad could not resolve either, leaves the library out.
    if (row.name !== "" && row.path && !hasVariables(row.path)) rows.set(row.name, row.path);
  }
  return rows;
}
