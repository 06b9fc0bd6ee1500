import { basename } from "node:path";
import { CopperheadError } from "../../errors.js";
import { readKicadFile } from "../kicad-file.js";
import { loadSchematicHierarchy } from "../schematic/hierarchy.js";
import { parseSexp } from "../sexp/parse.js";
import { KicadCliError } from "./errors.js";
import type { KicadFileKind } from "./input-file.js";
import type { KicadRun } from "./run-kicad-cli.js";

/**
 * kicad-cli said rc 3 ("failed to load") and names no position. Our own reader usually knows
 * why: the line and column where the s-expression breaks, a KiCad 5 file, binary data, a
 * sub-sheet that is missing. Returns the error to throw, with that reason when there is one.
 */
export async function explainUnloadable(
  path: string,
  kind: KicadFileKind,
  run: KicadRun,
): Promise<KicadCliError> {
  const name = basename(path);
  try {
    if (kind === "schematic") await loadSchematicHierarchy(path);
    else parseSexp(await readKicadFile(path, "board"), { file: path });
  } catch (error) {
    if (error instanceof CopperheadError) {
      return new KicadCliError(
        `kicad-cli could not load ${name} (rc 3): ${error.message}`,
        error.fix,
        run,
        {
          category: "usage",
          cause: error,
        },
      );
    }
  }
  return new KicadCliError(
    `kicad-cli could not load ${name} (rc 3)`,
    `open ${name} in KiCad 9 to see why; its s-expressions are well-formed, so KiCad rejects the content (an unknown token, a malformed number, an unquoted generator_version in a .kicad_pcb)`,
    run,
    { category: "usage" },
  );
}
