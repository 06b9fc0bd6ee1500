import type { Footprint } from "../footprint/footprint.js";
import type { Point } from "../footprint/point.js";
import type { BoardFinding } from "./finding.js";
import { courtyardInsideOutline } from "./outline/courtyard-inside.js";
import type { BoardOutline } from "./outline/outline.js";
import { outlineContains } from "./outline/outline-contains.js";

/**
 * One `footprint-outside-outline` finding per footprint that is not on the board: judged by
 * its courtyard, or, for a footprint without one, by its origin and pad centres. Footprints
 * outside an outline that is missing or open are not judged (the outline finding comes first).
 */
export function footprintsOutsideOutline(
  outline: BoardOutline,
  footprints: readonly Footprint[],
): BoardFinding[] {
  if (outline.loops.length === 0 || outline.open.length > 0) return [];
  const findings: BoardFinding[] = [];
  for (const fp of footprints) {
    let inside = courtyardInsideOutline(outline, fp);
    const basis = inside === undefined ? "origin and pads" : "courtyard";
    if (inside === undefined) {
      const points: Point[] = [fp.placement.at, ...fp.pads.map((p) => p.at)];
      inside = points.every((p) => outlineContains(outline, p));
    }
    if (inside) continue;
    const at = fp.placement.at;
    findings.push({
      kind: "footprint-outside-outline",
      severity: "error",
      at,
      refs: [fp.reference],
      detail:
        `${fp.reference} (${fp.libId}) at (${at.x}, ${at.y}) is not inside the board outline ` +
        `(judged by its ${basis}). Move it onto the board or enlarge the Edge.Cuts outline.`,
    });
  }
  return findings;
}
