import { parseSexp } from "../sexp/parse.js";
import { readStamp } from "./header.js";

/** The `(generator …)` copperhead stamps on every sheet it writes. */
export const ENGINE_GENERATOR = "copperhead";

/**
 * Was this sheet written by copperhead (its generator stamp is exactly "copperhead")? The one
 * rule behind the legibility gate, the ledger and the edit guard: a look-alike stamp
 * ("copperhead-example") or a KiCad re-save ("eeschema") means a person owns the sheet. A file
 * that no longer parses is judged by its header text, so a broken engine sheet stays guarded.
 */
export function isEngineDrafted(schematicText: string): boolean {
  try {
    return readStamp(parseSexp(schematicText)).generator === ENGINE_GENERATOR;
  } catch {
    const head = /\(\s*generator\s+"?([^\s")]+)"?\s*\)/.exec(schematicText.slice(0, 2000));
    return head?.[1] === ENGINE_GENERATOR;
  }
}
