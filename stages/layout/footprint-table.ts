import { join } from "node:path";
import { writeAtomic } from "../../engine/kicad/draft/write-atomic.js";
import { children, childText } from "../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../engine/kicad/sexp/parse.js";
import { readOptional } from "../../engine/repo/read-optional.js";

const row = (name: string) =>
  `  (lib (name "${name}")(type "KiCad")(uri "\${KICAD9_FOOTPRINT_DIR}/${name}.pretty")(options "")(descr ""))`;

/**
 * The project's fp-lib-table in `dir` names each of `libraries` (KiCad's installed copies):
 * without a row kicad-cli DRC warns `lib_footprint_issues` for every footprint. A table that
 * exists is merged into — rows added, none changed or removed.
 */
export async function ensureFootprintLibraries(
  dir: string,
  libraries: readonly string[],
): Promise<void> {
  if (libraries.length === 0) return;
  const file = join(dir, "fp-lib-table");
  const text = await readOptional(file);
  const known = new Set(
    text === undefined
      ? []
      : children(parseSexp(text, { file }), "lib").map((lib) => childText(lib, "name")),
  );
  const missing = [...new Set(libraries)].filter((l) => !known.has(l)).sort();
  if (missing.length === 0) return;
  if (text === undefined) {
    await writeAtomic(file, `(fp_lib_table\n  (version 7)\n${missing.map(row).join("\n")}\n)\n`);
    return;
  }
  const end = text.lastIndexOf(")");
  await writeAtomic(
    file,
    `${text.slice(0, end).replace(/\s*$/, "\n")}${missing.map(row).join("\n")}\n${text.slice(end)}`,
  );
}
