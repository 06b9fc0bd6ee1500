import type { Footprint } from "../../kicad/footprint/footprint.js";
import { normalizeDegrees } from "../../kicad/footprint/placement.js";
import type { BoardChange } from "../diff-report.js";
import { round } from "../round.js";
import type { FootprintMatch } from "./match-footprints.js";

/** Below this a footprint has not moved (KiCad's board unit is 1 nm; files keep 6 decimals). */
const MOVE_EPSILON_MM = 0.0005;
const ANGLE_EPSILON_DEG = 0.001;

function basics(fp: Footprint) {
  return {
    ref: fp.reference,
    footprint: fp.libId,
    value: fp.value,
    side: fp.side,
    at: { x: round(fp.placement.at.x), y: round(fp.placement.at.y) },
  };
}

/** Added, removed, swapped, re-valued, moved, rotated and flipped footprints. */
export function diffFootprints(match: FootprintMatch): BoardChange[] {
  const out: BoardChange[] = [];
  for (const fp of match.added) out.push({ kind: "footprint-added", ...basics(fp) });
  for (const fp of match.removed) out.push({ kind: "footprint-removed", ...basics(fp) });
  for (const [a, b] of match.pairs) {
    const ref = b.reference;
    if (a.libId !== b.libId) {
      out.push({ kind: "footprint-swapped", ref, before: a.libId, after: b.libId });
    }
    if (a.value !== b.value) {
      out.push({ kind: "footprint-value-changed", ref, before: a.value, after: b.value });
    }
    const dx = b.placement.at.x - a.placement.at.x;
    const dy = b.placement.at.y - a.placement.at.y;
    const distance = Math.hypot(dx, dy);
    if (distance > MOVE_EPSILON_MM) {
      out.push({
        kind: "footprint-moved",
        ref,
        before: { x: round(a.placement.at.x), y: round(a.placement.at.y) },
        after: { x: round(b.placement.at.x), y: round(b.placement.at.y) },
        distance: round(distance),
      });
    }
    const before = normalizeDegrees(a.placement.rotation);
    const after = normalizeDegrees(b.placement.rotation);
    if (Math.abs(normalizeDegrees(after - before)) > ANGLE_EPSILON_DEG) {
      out.push({ kind: "footprint-rotated", ref, before: round(before), after: round(after) });
    }
    if (a.side !== b.side) {
      out.push({ kind: "footprint-flipped", ref, before: a.side, after: b.side });
    }
  }
  return out;
}
