import type { CalibrationFile } from "../calibration.js";
import type { DerivedCalibration } from "./derive-calibration.js";

/** engine/kicad/score/calibration.json's content for a derived calibration. */
export function calibrationFile(c: DerivedCalibration): CalibrationFile {
  return { corpus: c.corpus, good: { ...c.good }, floor: c.floor };
}
