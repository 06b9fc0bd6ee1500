import { DEFAULT_MAX_ERROR } from "../../footprint/arc-geometry.js";
import { type BBox, unionBoxes } from "../../footprint/bbox.js";
import type { Graphic } from "../../footprint/graphic.js";
import type { BoardFinding } from "../finding.js";
import { chainPaths } from "./chain-paths.js";
import {
  type BoardOutline,
  CHAINING_EPSILON,
  type OpenChain,
  type OutlineLoop,
} from "./outline.js";
import { outlineGaps } from "./outline-gaps.js";

const mm = (v: number) => Number(v.toFixed(4));

/**
 * Assembles Edge.Cuts items (in board coordinates: the board's own plus those inside
 * footprints) into closed loops, and reports every gap that keeps the outline open.
 */
export function assembleOutline(
  edgeGraphics: readonly Graphic[],
  epsilon = CHAINING_EPSILON,
  maxError = DEFAULT_MAX_ERROR,
): BoardOutline {
  const loops: OutlineLoop[] = [];
  const open: OpenChain[] = [];
  let box: BBox | undefined;
  for (const path of chainPaths(edgeGraphics, epsilon, maxError)) {
    box = unionBoxes(box, path.box);
    (path.closed ? loops : open).push({ points: path.points, box: path.box, items: path.items });
  }

  const findings: BoardFinding[] = [];
  if (loops.length === 0 && open.length === 0) {
    findings.push({
      kind: "outline-missing",
      severity: "error",
      at: { x: 0, y: 0 },
      refs: [],
      detail:
        "The board has no outline: nothing is drawn on Edge.Cuts. Draw the board edge as a " +
        "closed shape on Edge.Cuts (e.g. one gr_rect).",
    });
  }
  for (const gap of outlineGaps(open)) {
    const from = { x: mm(gap.from.x), y: mm(gap.from.y) };
    const to = { x: mm(gap.to.x), y: mm(gap.to.y) };
    findings.push({
      kind: "outline-open",
      severity: "error",
      at: from,
      refs: [],
      gap: { from, to, length: mm(gap.length) },
      detail:
        `The Edge.Cuts outline is open: a gap of ${mm(gap.length)} mm between ` +
        `(${from.x}, ${from.y}) and (${to.x}, ${to.y}). Move one end onto the other (ends ` +
        `closer than ${epsilon} mm join) or draw the missing edge between them.`,
    });
  }
  return { loops, open, box, findings };
}
