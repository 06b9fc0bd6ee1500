import { formatPoint, roundTo } from "../../geometry/point.js";
import { rectCenter, rectGap } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { bodiesOverlap } from "../body-contact.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import { moveDirection, separatingMove } from "../separation.js";
import type { SheetContext } from "../sheet-context.js";
import { nearbyBodyPairs } from "./body-pairs.js";

/** Two bodies that do not overlap but sit closer than the readable pitch. */
export function checkCrowding(ctx: SheetContext): FindingDraft[] {
  const { minPitch, gridPitch } = ctx.thresholds;
  const out: FindingDraft[] = [];
  for (const [a, b] of nearbyBodyPairs(ctx, minPitch)) {
    // Overlapping drawings are symbol-overlap's; boxes that overlap while the drawings do not
    // (an op-amp's slanted edge) are as close as bodies get: crowded.
    if (bodiesOverlap(a, b, TOLERANCE_MM)) continue;
    const gap = rectGap(a.box, b.box);
    if (gap >= minPitch - TOLERANCE_MM) continue;
    const d = separatingMove(a.box, b.box, minPitch, gridPitch);
    const target = { x: roundTo(b.at.x + d.x, 4), y: roundTo(b.at.y + d.y, 4) };
    out.push({
      at: rectCenter(a.box),
      refs: [a.name, b.name],
      detail:
        `${a.name} at ${formatPoint(a.at)} and ${b.name} at ${formatPoint(b.at)} are ${mm(gap)} mm apart ` +
        `edge to edge, under the readable ${mm(minPitch)} mm; ` +
        `move ${b.name} ${mm(Math.abs(d.x + d.y))} mm ${moveDirection(d)} to ${formatPoint(target)}`,
    });
  }
  return out;
}
