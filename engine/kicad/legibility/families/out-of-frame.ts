import { formatPoint } from "../../geometry/point.js";
import { type Rect, rectCenter, rectContains, rectsOverlap } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { ceilToStep, mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * Drawing outside the inner border of the drawing sheet (over the zone ruler or off the page),
 * or over the title block. Texts of a body already reported are not reported again.
 */
export function checkOutOfFrame(ctx: SheetContext): FindingDraft[] {
  const frame = ctx.frame;
  if (!frame) return [];
  const { usable, titleBlock } = frame;
  const step = ctx.thresholds.gridPitch;
  const out: FindingDraft[] = [];
  const reported = new Set<string>();

  for (const item of ctx.content()) {
    if (item.ownerBody !== undefined && reported.has(item.ownerBody)) continue;
    const past = overshoot(item.box, usable);
    if (past.length > 0) {
      reported.add(item.ref);
      const moves = past.map((p) => `${mm(ceilToStep(p.by, step))} mm ${p.fix}`).join(" and ");
      out.push({
        at: rectCenter(item.box),
        refs: [item.ref],
        detail:
          `${item.describe()} extends ${past.map((p) => `${mm(p.by)} mm past the ${p.edge} edge`).join(" and ")} ` +
          `of the drawing frame (${mm(usable.minX)}–${mm(usable.maxX)} × ${mm(usable.minY)}–${mm(usable.maxY)} mm); ` +
          `move it ${moves}, or use a larger paper`,
      });
      continue;
    }
    // Designers write notes into the title block's blank upper area on purpose; only a note
    // straddling its border, or any other item, is in the way.
    const titleNote = item.freeText === true && rectContains(titleBlock, item.box, TOLERANCE_MM);
    if (!titleNote && rectsOverlap(item.box, titleBlock, TOLERANCE_MM)) {
      reported.add(item.ref);
      const up = ceilToStep(item.box.maxY - titleBlock.minY, step);
      const left = ceilToStep(item.box.maxX - titleBlock.minX, step);
      out.push({
        at: rectCenter(item.box),
        refs: [item.ref],
        detail:
          `${item.describe()} overlaps the title block (from ${formatPoint({ x: titleBlock.minX, y: titleBlock.minY })} ` +
          `to the bottom-right corner); move it ${mm(Math.min(up, left))} mm ${up <= left ? "up" : "left"} to clear it`,
      });
    }
  }
  return out;
}

interface Overshoot {
  edge: "left" | "right" | "top" | "bottom";
  by: number;
  fix: string;
}

function overshoot(box: Rect, frame: Rect): Overshoot[] {
  const out: Overshoot[] = [];
  if (box.minX < frame.minX - TOLERANCE_MM)
    out.push({ edge: "left", by: frame.minX - box.minX, fix: "right" });
  if (box.maxX > frame.maxX + TOLERANCE_MM)
    out.push({ edge: "right", by: box.maxX - frame.maxX, fix: "left" });
  if (box.minY < frame.minY - TOLERANCE_MM)
    out.push({ edge: "top", by: frame.minY - box.minY, fix: "down" });
  if (box.maxY > frame.maxY + TOLERANCE_MM)
    out.push({ edge: "bottom", by: box.maxY - frame.maxY, fix: "up" });
  return out;
}
