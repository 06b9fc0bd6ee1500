import { existsSync } from "node:fs";
import { delimiter } from "node:path";

/** Where KiCad 9 installs its symbol libraries, per platform, most likely first. */
const DEFAULT_DIRS = [
  "/usr/share/kicad/symbols",
  "/usr/local/share/kicad/symbols",
  "/Applications/KiCad/KiCad.app/Contents/SharedSupport/symbols",
  "C:/Program Files/KiCad/9.0/share/kicad/symbols",
];

/** Overrides, strongest first: copperhead's own, then the variable KiCad 9 itself reads. */
export const SYMBOL_DIR_VARIABLES = ["COPPERHEAD_SYMBOL_DIR", "KICAD9_SYMBOL_DIR"] as const;

/**
 * The folders to look for `<Library>.kicad_sym` in. A set override is used exclusively (so a
 * test or a CI job can point copperhead at exactly the libraries it means); it may list several
 * folders separated like PATH. Otherwise the platform defaults that exist.
 */
export function symbolDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  for (const name of SYMBOL_DIR_VARIABLES) {
    const value = env[name];
    if (value) return value.split(delimiter).filter((d) => d !== "");
  }
  return DEFAULT_DIRS.filter((d) => existsSync(d));
}
