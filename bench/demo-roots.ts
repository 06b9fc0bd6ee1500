import { join } from "node:path";
import { corpusRoots } from "../engine/kicad/score/calibrate/corpus-roots.js";

/** KiCad's demo projects, the corpus of sheets and boards drawn by people. */
export const DEMOS = join(process.env.COPPERHEAD_KICAD_SHARE ?? "/usr/share/kicad", "demos");

/** Every demo root sheet (the same roots the score calibration uses). */
export function demoRoots(): string[] {
  return corpusRoots(DEMOS);
}
