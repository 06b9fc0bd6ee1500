import { join } from "node:path";
import type { DraftFiles } from "../../../../engine/kicad/draft/draft-schematic.js";

// What a draft of `board.kicad_sch` writes, with made-up bytes: enough for writeDraft's tests,
// which judge where bytes go and what is refused, not what a drafted sheet contains.
export const SHEET = '(kicad_sch\n\t(version 20250114)\n\t(generator "copperhead")\n)\n';
export const DRAWN = '(kicad_sch\n\t(version 20250114)\n\t(generator "eeschema")\n)\n';
export const LIBRARY = '(kicad_symbol_lib\n\t(version 20241209)\n\t(generator "copperhead")\n)\n';
export const TABLE = `(sym_lib_table\n\t(version 7)\n\t(lib\n\t\t(name "board")\n\t\t(type "KiCad")\n\t\t(uri "\${KIPRJMOD}/board.kicad_sym")\n\t\t(options "")\n\t\t(descr "copperhead vendored symbols")\n\t)\n)\n`;
export const PROJECT = '{ "meta": { "filename": "board.kicad_pro", "version": 1 } }\n';

/** The four files of a draft in folder `at`, the sheet named `sheetName`. */
export function draftFiles(at: string, sheetName = "board.kicad_sch"): DraftFiles {
  return {
    sheet: { path: join(at, sheetName), text: SHEET },
    library: { path: join(at, "board.kicad_sym"), text: LIBRARY },
    symLibTable: { path: join(at, "sym-lib-table"), text: TABLE },
    project: { path: join(at, "board.kicad_pro"), text: PROJECT },
  };
}
