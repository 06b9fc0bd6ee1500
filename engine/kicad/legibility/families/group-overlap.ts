import { formatPoint } from "../../geometry/point.js";
import { overlapX, overlapY, rectContains, rectsOverlap } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/** Group rectangles must tile: overlapping groups blur which part belongs where (nesting is fine). */
export function checkGroupOverlap(ctx: SheetContext): FindingDraft[] {
  const groups = ctx.groups();
  const out: FindingDraft[] = [];
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const a = groups[i]!;
      const b = groups[j]!;
      if (!rectsOverlap(a.box, b.box, TOLERANCE_MM)) continue;
      if (rectContains(a.box, b.box, TOLERANCE_MM) || rectContains(b.box, a.box, TOLERANCE_MM))
        continue;
      out.push({
        at: { x: Math.max(a.box.minX, b.box.minX), y: Math.max(a.box.minY, b.box.minY) },
        refs: [a.label, b.label],
        detail:
          `groups "${a.label}" at ${formatPoint({ x: a.box.minX, y: a.box.minY })} and "${b.label}" at ` +
          `${formatPoint({ x: b.box.minX, y: b.box.minY })} overlap by ${mm(overlapX(a.box, b.box))} × ${mm(overlapY(a.box, b.box))} mm; ` +
          "tile the groups without overlap (shrink or move one of them)",
      });
    }
  }
  return out;
}
