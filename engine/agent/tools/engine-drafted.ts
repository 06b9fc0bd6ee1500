import { ENGINE_GENERATOR } from "../../kicad/legibility/layout-from-schematic.js";
import { readStamp } from "../../kicad/schematic/header.js";
import { parseSexp } from "../../kicad/sexp/parse.js";

/** Where the IR an engine-drafted sheet comes from lives (DESIGN.md §3). */
export const INTENT_PATH = "hardware/schematic.intent.json";

/**
 * Was this sheet written by copperhead's drafting engine (generator stamp "copperhead")? Such a
 * sheet is regenerated from the IR, so a hand edit would be lost on the next draft. A file
 * that no longer parses is judged by its header text, so a broken engine sheet stays guarded.
 */
export function isEngineDrafted(text: string): boolean {
  try {
    return readStamp(parseSexp(text)).generator === ENGINE_GENERATOR;
  } catch {
    const head = /\(generator\s+"?([^\s")]+)"?\s*\)/.exec(text.slice(0, 2000));
    return head?.[1] === ENGINE_GENERATOR;
  }
}
