import { checkBomDrift } from "./check-bom.js";
import { checkPinoutDrift } from "./check-pinout.js";
import type { DriftDesign } from "./drift-design.js";
import type { DriftDocument } from "./drift-document.js";
import type { DriftFinding } from "./drift-finding.js";

export interface DriftInput {
  /** docs/BOM.md, when the repo has one. */
  bom?: DriftDocument;
  /** docs/PINOUT.md, when the repo has one. */
  pinout?: DriftDocument;
  design: DriftDesign;
}

/** BOM and PINOUT drift together, in a stable order: document, line, column, refs. */
export function checkDrift(input: DriftInput): DriftFinding[] {
  const findings = [
    ...(input.bom ? checkBomDrift(input.bom, input.design) : []),
    ...(input.pinout ? checkPinoutDrift(input.pinout, input.design) : []),
  ];
  return findings.sort(
    (a, b) =>
      compare(a.document, b.document) ||
      a.row - b.row ||
      compare(a.column, b.column) ||
      compare(a.refs.join(","), b.refs.join(",")) ||
      compare(a.kind, b.kind),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
