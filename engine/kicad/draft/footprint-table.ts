import { dirname, relative, resolve, sep } from "node:path";
import { readOptional } from "../../repo/read-optional.js";
import { node } from "../sexp/build.js";
import { atom, children, childText, str } from "../sexp/node.js";
import { parseSexp } from "../sexp/parse.js";
import { writeSexp } from "../sexp/write.js";

// KiCad accepts both spellings of the project-folder variable in library URIs.
const PROJECT_DIR = /^(\$\{KIPRJMOD\}|\$\(KIPRJMOD\))/;

/**
 * The original project's `fp-lib-table` rows that the given footprints (`Library:Footprint`)
 * need, for a sheet drafted into `toDir`: a project-local library (`${KIPRJMOD}/…`) is re-pointed
 * at the original project's folder, so the redraft's footprints keep
 * resolving (ERC's footprint_link_issues otherwise). Undefined when the project has no table or
 * none of its rows is used.
 */
export async function carriedFootprintTable(
  fromSheet: string,
  toDir: string,
  footprints: Iterable<string>,
): Promise<string | undefined> {
  const fromDir = dirname(fromSheet);
  const text = await readOptional(`${fromDir}/fp-lib-table`);
  if (text === undefined) return undefined;
  const used = new Set<string>();
  for (const footprint of footprints) {
    const colon = footprint.indexOf(":");
    if (colon > 0) used.add(footprint.slice(0, colon));
  }
  const table = parseSexp(text, { file: `${fromDir}/fp-lib-table` });
  // Relative while the new sheet sits inside the original project (the CLI's default
  // `redraft/` folder); elsewhere the original folder's absolute path reads better.
  const route = relative(toDir, fromDir).split(sep).join("/");
  const inside = route === "" || route.split("/").every((part) => part === "..");
  const base = inside ? `\${KIPRJMOD}${route === "" ? "" : `/${route}`}` : resolve(fromDir);
  const rows = children(table, "lib")
    .filter((row) => used.has(childText(row, "name") ?? ""))
    .map((row) =>
      node(
        "lib",
        node("name", str(childText(row, "name") ?? "")),
        node("type", str(childText(row, "type") ?? "KiCad")),
        node("uri", str((childText(row, "uri") ?? "").replace(PROJECT_DIR, base))),
        node("options", str(childText(row, "options") ?? "")),
        node("descr", str(childText(row, "descr") ?? "")),
      ),
    );
  if (rows.length === 0) return undefined;
  return writeSexp(node("fp_lib_table", node("version", atom("7")), rows));
}
