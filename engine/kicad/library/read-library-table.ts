import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { pushAll } from "../../array-ops.js";
import { quoteExcerpt } from "../../excerpt.js";
import { checkNamedFile } from "../paths/named-design.js";
import { type PathFinding, pathFinding } from "../paths/path-finding.js";
import type { VariableContext } from "../paths/path-variables.js";
import { displayIn, resolveReference } from "../paths/resolve-reference.js";
import { scanLists } from "../paths/scan-lists.js";
import type { TrustScope } from "../paths/trust-scope.js";

/** The two project library tables KiCad reads from a project folder. */
export const LIBRARY_TABLES = ["sym-lib-table", "fp-lib-table"] as const;

/** One row's URI as KiCad would follow it, or the finding that refused it. */
export interface CheckedRow {
  name: string;
  uri: string;
  /** The library file or folder to open (absolute), when the URI was accepted. */
  path: string | undefined;
  exists: boolean;
  finding: PathFinding | undefined;
}

export interface CheckedTable {
  /** The table file, or undefined when the project has none. */
  file: string | undefined;
  rows: CheckedRow[];
  /** Refused rows, refused library entries, or the table itself refused. */
  findings: PathFinding[];
}

const LIBRARY_ENTRY = /\.(kicad_mod|kicad_sym)$/i;

/**
 * The files KiCad opens inside a library folder of the repository (`*.kicad_mod` of a .pretty,
 * `*.kicad_sym` of a symbol folder): a symlink among them must stay inside, and a FIFO or device
 * under such a name would block kicad-cli, so both are findings.
 */
async function checkLibraryFolder(
  scope: TrustScope,
  folder: string,
  field: string,
): Promise<PathFinding[]> {
  let entries: Dirent<string>[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const findings: PathFinding[] = [];
  for (const entry of entries) {
    if (!LIBRARY_ENTRY.test(entry.name) || entry.isFile()) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) continue;
    if (entry.isSymbolicLink()) {
      const named = await checkNamedFile(scope, path, `${field}: library entry`);
      if (!named.ok) findings.push(named.finding);
      continue;
    }
    findings.push(
      pathFinding("path-not-a-file", {
        file: displayIn(scope, path),
        field: `${field}: library entry`,
        path: entry.name,
      }),
    );
  }
  return findings;
}

/**
 * Reads a project library table (sym-lib-table / fp-lib-table) and resolves every URI in it by
 * KiCad's rules inside the scope: the repository or KiCad's installed libraries. URIs are found
 * by a lexer-level scan, so a table our parser would reject still has each URI checked, and a
 * disabled row is checked too (one edit enables it). Nothing a row names is opened.
 */
export async function readLibraryTable(
  scope: TrustScope,
  tableFile: string,
  variables: VariableContext,
): Promise<CheckedTable> {
  const tableName = basename(tableFile);
  const named = await checkNamedFile(scope, tableFile, "library table");
  if (!named.ok) return { file: undefined, rows: [], findings: [named.finding] };
  if (!named.exists) return { file: undefined, rows: [], findings: [] };
  const text = await readFile(tableFile, "utf8");
  const rows: CheckedRow[] = [];
  const findings: PathFinding[] = [];
  let name = "";
  for (const list of scanLists(text, new Set(["name", "uri"]), 1)) {
    const value = list.atoms[0] ?? "";
    if (list.head === "name") {
      name = value;
      continue;
    }
    const field = `${tableName} row ${quoteExcerpt(name, 60)} uri`;
    const resolution = await resolveReference(scope, {
      written: value,
      holder: tableFile,
      field,
      rules: "kicad-uri",
      variables,
      libraries: true,
      expect: "any",
    });
    if (!resolution.ok) {
      findings.push(resolution.finding);
      rows.push({ name, uri: value, path: undefined, exists: false, finding: resolution.finding });
      continue;
    }
    rows.push({
      name,
      uri: value,
      path: resolution.path,
      exists: resolution.exists,
      finding: undefined,
    });
    if (resolution.exists && !resolution.inLibraries) {
      pushAll(findings, await checkLibraryFolder(scope, resolution.path, field));
    }
  }
  return { file: tableFile, rows, findings };
}
