import { join, resolve } from "node:path";
import { UsageError } from "../../../errors.js";
import { type LibRow, rowsOf } from "../../draft/lib-table.js";
import { readLibraryTable } from "../../library/read-library-table.js";
import { readConfinedText } from "../../paths/read-confined.js";
import { trustScopeFor } from "../../paths/trust-scope.js";
import { UnsafeDesignError } from "../../paths/unsafe-design-error.js";
import { children, childText, flag, headOf } from "../../sexp/node.js";
import { parseSexp } from "../../sexp/parse.js";
import type { FootprintLibrary } from "./footprint-catalog.js";
import { footprintDirs } from "./footprint-dirs.js";

export const FP_LIB_TABLE = "fp-lib-table";

/** What copperhead writes in the `descr` of the rows it owns, so a later run can find them. */
export const VENDORED_DESCR = "copperhead vendored footprints";

/** Where vendored footprints go, relative to the project folder. */
export const VENDOR_DIR = "footprints";

export function isVendoredRow(row: LibRow): boolean {
  return row.descr === VENDORED_DESCR;
}

/** The row that points KiCad at a vendored copy of `nickname`. */
export function vendoredRow(nickname: string): LibRow {
  return {
    name: nickname,
    type: "KiCad",
    uri: `\${KIPRJMOD}/${VENDOR_DIR}/${nickname}.pretty`,
    options: "",
    descr: VENDORED_DESCR,
  };
}

/**
 * A library URI with KiCad's variables expanded: `${KIPRJMOD}` is the project folder,
 * `${KICAD9_FOOTPRINT_DIR}` (or an older version's) the installed libraries, anything else
 * the environment. Undefined when a variable is unknown (KiCad cannot load that row either).
 */
export function expandUri(
  uri: string,
  projectDir: string,
  env: NodeJS.ProcessEnv,
): string | undefined {
  let unknown = false;
  const expanded = uri.replace(/\$\{([A-Za-z0-9_]+)\}|\$\(([A-Za-z0-9_]+)\)/g, (_, a, b) => {
    const name = (a ?? b) as string;
    if (name === "KIPRJMOD") return projectDir;
    const value =
      env[name] ?? (/^KICAD\d*_FOOTPRINT_DIR$/.test(name) ? footprintDirs(env)[0] : undefined);
    if (value === undefined) unknown = true;
    return value ?? "";
  });
  return unknown ? undefined : resolve(projectDir, expanded);
}

export interface ProjectTable {
  readonly file: string;
  /** The table's text as read (merged into, never replaced), or undefined without a table. */
  readonly text: string | undefined;
  readonly rows: readonly LibRow[];
  /** Usable KiCad-format rows, as libraries; disabled rows and rows KiCad could not load left out. */
  readonly libraries: FootprintLibrary[];
}

/** The project's fp-lib-table (next to the board), parsed; a missing table is an empty one. */
export async function readProjectTable(
  projectDir: string,
  env: NodeJS.ProcessEnv,
): Promise<ProjectTable> {
  const file = join(projectDir, FP_LIB_TABLE);
  // The table is the repository's text: read only as a regular file inside it, and every URI
  // in it resolved inside the repository or KiCad's libraries (a `${VAR}` KiCad would take from
  // the environment is refused) before any footprint folder it names is listed.
  const scope = trustScopeFor(file, env);
  const checked = await readLibraryTable(scope, file, {
    projectDir,
    projectName: "",
    textVariables: new Map(),
    env,
  });
  if (checked.findings.length > 0) throw new UnsafeDesignError(checked.findings);
  const read = await readConfinedText(scope, file, "library table");
  if (read.status === "refused") throw new UnsafeDesignError([read.finding]);
  const text = read.status === "read" ? read.text : undefined;
  if (text === undefined) return { file, text, rows: [], libraries: [] };
  let rows: LibRow[];
  const disabled = new Set<string>();
  try {
    const tree = parseSexp(text, { file });
    if (headOf(tree) !== "fp_lib_table")
      throw new Error(`it starts with (${headOf(tree) ?? "?"} …)`);
    for (const lib of children(tree, "lib"))
      if (flag(lib, "disabled")) disabled.add(childText(lib, "name") ?? "");
    rows = rowsOf(text, file);
  } catch (cause) {
    throw new UsageError(
      `${file} is not a readable footprint library table (${(cause as Error).message})`,
      `fix or remove ${file}; copperhead merges its rows into it and never replaces a table it cannot read`,
      { cause },
    );
  }
  const libraries: FootprintLibrary[] = [];
  for (const row of rows) {
    if (row.type !== "KiCad" || disabled.has(row.name)) continue;
    const dir = expandUri(row.uri, projectDir, env);
    if (dir !== undefined)
      libraries.push({ nickname: row.name, dir, source: "project", vendored: isVendoredRow(row) });
  }
  return { file, text, rows, libraries };
}
