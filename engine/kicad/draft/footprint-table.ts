import { dirname, relative, resolve, sep } from "node:path";
import { readConfinedText } from "../paths/read-confined.js";
import { type TrustScope, trustScopeFor } from "../paths/trust-scope.js";
import { UnsafeDesignError } from "../paths/unsafe-design-error.js";
import { node } from "../sexp/build.js";
import { atom } from "../sexp/node.js";
import { writeSexp } from "../sexp/write.js";
import { type LibRow, rowNode, rowsOf } from "./lib-table.js";

// KiCad accepts both spellings of the project-folder variable in library URIs.
const PROJECT_DIR = /^(\$\{KIPRJMOD\}|\$\(KIPRJMOD\))/;

/**
 * The original project's `fp-lib-table` rows that the given footprints (`Library:Footprint`)
 * need, for a sheet drafted into `toDir`: a project-local library (`${KIPRJMOD}/…`) is re-pointed
 * at the original project's folder, so the redraft's footprints keep resolving (ERC's
 * footprint_link_issues otherwise). Empty when the project has no table or uses none of its rows.
 * The table is read only as a regular file inside `scope` (else UnsafeDesignError); its rows are
 * carried as written, since the pre-flight already resolved every URI in it inside the scope.
 */
export async function carriedFootprintRows(
  fromSheet: string,
  toDir: string,
  footprints: Iterable<string>,
  scope: TrustScope = trustScopeFor(fromSheet),
): Promise<LibRow[]> {
  const fromDir = dirname(fromSheet);
  const file = `${fromDir}/fp-lib-table`;
  const read = await readConfinedText(scope, file, "library table");
  if (read.status === "refused") throw new UnsafeDesignError([read.finding]);
  if (read.status === "missing") return [];
  const text = read.text;
  const used = new Set<string>();
  for (const footprint of footprints) {
    const colon = footprint.indexOf(":");
    if (colon > 0) used.add(footprint.slice(0, colon));
  }
  // Relative while the new sheet sits inside the original project (the CLI's default
  // `redraft/` folder); elsewhere the original folder's absolute path reads better.
  const route = relative(toDir, fromDir).split(sep).join("/");
  const inside = route === "" || route.split("/").every((part) => part === "..");
  const base = inside ? `\${KIPRJMOD}${route === "" ? "" : `/${route}`}` : resolve(fromDir);
  return rowsOf(text, file)
    .filter((row) => used.has(row.name))
    .map((row) => ({ ...row, uri: row.uri.replace(PROJECT_DIR, base) }));
}

/** The same rows as a table of their own; undefined when there are none. */
export async function carriedFootprintTable(
  fromSheet: string,
  toDir: string,
  footprints: Iterable<string>,
): Promise<string | undefined> {
  const rows = await carriedFootprintRows(fromSheet, toDir, footprints);
  if (rows.length === 0) return undefined;
  return writeSexp(node("fp_lib_table", node("version", atom("7")), rows.map(rowNode)));
}
