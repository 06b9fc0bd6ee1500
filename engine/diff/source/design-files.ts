import { basename } from "node:path";

/** Files kicad-cli or the diff reads: KiCad's own formats, library tables and copperhead's config. */
const DESIGN_EXTENSIONS = [
  ".kicad_sch",
  ".kicad_pcb",
  ".kicad_pro",
  ".kicad_sym",
  ".kicad_mod",
  ".kicad_dru",
  ".kicad_wks",
];
const DESIGN_NAMES = new Set(["sym-lib-table", "fp-lib-table"]);
const CONFIG = ".copperhead/config.json";
/** The documents the legibility checker reads its caption vocabulary from. */
const VOCABULARY_DOCS = new Set(["SUBSYSTEMS.md", "BOM.md"]);

/** Is this repository path (`/`-separated) one the diff needs from each revision? */
export function isDesignFile(path: string): boolean {
  if (path === CONFIG) return true;
  if (path.startsWith(".copperhead/")) return false;
  const name = basename(path);
  return (
    DESIGN_NAMES.has(name) ||
    VOCABULARY_DOCS.has(name) ||
    DESIGN_EXTENSIONS.some((ext) => name.endsWith(ext))
  );
}
