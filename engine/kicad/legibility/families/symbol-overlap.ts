import { formatPoint, roundTo } from "../../geometry/point.js";
import { overlapX, overlapY, rectCenter } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { bodiesOverlap } from "../body-contact.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import { moveDirection, separatingMove } from "../separation.js";
import type { SheetContext } from "../sheet-context.js";
import { nearbyBodyPairs } from "./body-pairs.js";

/** Two symbol bodies (or sheet blocks) drawn over each other. */
export function checkSymbolOverlap(ctx: SheetContext): FindingDraft[] {
  const { minPitch, gridPitch } = ctx.thresholds;
  const out: FindingDraft[] = [];
  for (const [a, b] of nearbyBodyPairs(ctx, 0)) {
    if (!bodiesOverlap(a, b, TOLERANCE_MM)) continue;
    const d = separatingMove(a.box, b.box, minPitch, gridPitch);
    const target = { x: roundTo(b.at.x + d.x, 4), y: roundTo(b.at.y + d.y, 4) };
    out.push({
      at: rectCenter(a.box),
      refs: [a.name, b.name],
      detail:
        `${a.name} at ${formatPoint(a.at)} and ${b.name} at ${formatPoint(b.at)} overlap ` +
        `(${mm(overlapX(a.box, b.box))} × ${mm(overlapY(a.box, b.box))} mm); ` +
        `separate them by at least ${mm(minPitch)} mm edge to edge, ` +
        `e.g. move ${b.name} ${mm(Math.abs(d.x + d.y))} mm ${moveDirection(d)} to ${formatPoint(target)}`,
    });
  }
  return out;
}
