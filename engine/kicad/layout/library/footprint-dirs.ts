import { existsSync } from "node:fs";
import { delimiter } from "node:path";

/** Where KiCad 9 installs its footprint libraries (`<Library>.pretty` folders), most likely first. */
const DEFAULT_DIRS = [
  "/usr/share/kicad/footprints",
  "/usr/local/share/kicad/footprints",
  "/Applications/KiCad/KiCad.app/Contents/SharedSupport/footprints",
  "C:/Program Files/KiCad/9.0/share/kicad/footprints",
];

/** Overrides, strongest first: copperhead's own, then the variable KiCad 9 itself reads. */
export const FOOTPRINT_DIR_VARIABLES = [
  "COPPERHEAD_FOOTPRINT_DIR",
  "KICAD9_FOOTPRINT_DIR",
] as const;

/**
 * The folders holding the installed footprint libraries. A set override is used exclusively (it
 * may list several folders separated like PATH), so a test or CI job gets exactly what it names.
 */
export function footprintDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  for (const name of FOOTPRINT_DIR_VARIABLES) {
    const value = env[name];
    if (value) return value.split(delimiter).filter((d) => d !== "");
  }
  return DEFAULT_DIRS.filter((d) => existsSync(d));
}
