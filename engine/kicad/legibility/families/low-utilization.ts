import { FRAME_MARGIN_MM, RULER_BAND_MM, TITLE_BLOCK_HEIGHT_MM } from "../../geometry/frame.js";
import { ISO_PAPERS } from "../../geometry/paper.js";
import {
  rectArea,
  rectHeight,
  rectIntersection,
  rectUnionAll,
  rectWidth,
} from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * Content that fills little of its page: the sheet prints small and reads as scattered. The
 * measure is the content's bounding box over the usable frame minus the title block.
 */
export function checkLowUtilization(ctx: SheetContext): FindingDraft[] {
  const frame = ctx.frame;
  if (!frame) return [];
  const content = rectUnionAll(ctx.content().map((i) => i.box));
  if (!content) return [];
  const usableArea = rectArea(frame.usable) - rectArea(frame.titleBlock);
  const clipped = rectIntersection(content, frame.usable);
  const covered = clipped ? rectArea(clipped) : 0;
  const ratio = usableArea > 0 ? covered / usableArea : 1;
  const threshold = ctx.thresholds.utilization;
  if (ratio >= threshold - TOLERANCE_MM) return [];

  // The content plus a margin on every side and room for the title block under it.
  const inset = 2 * (FRAME_MARGIN_MM + RULER_BAND_MM);
  const needW = rectWidth(content) + inset;
  const needH = rectHeight(content) + inset + TITLE_BLOCK_HEIGHT_MM;
  const current = frame.paper.width * frame.paper.height;
  const smaller = ISO_PAPERS.find(
    (p) => p.width * p.height < current - 1 && p.width >= needW && p.height >= needH,
  );
  const fix = smaller
    ? `use ${smaller.name} paper (${mm(smaller.width)} × ${mm(smaller.height)} mm), which holds it`
    : "spread the circuit over the page (more space between functional blocks) or merge this sheet's content with another";
  return [
    {
      at: { x: (content.minX + content.maxX) / 2, y: (content.minY + content.maxY) / 2 },
      refs: [ctx.sheetName],
      detail:
        `the content of ${ctx.sheetName} (${mm(rectWidth(content))} × ${mm(rectHeight(content))} mm) fills ` +
        `${Math.round(ratio * 100)}% of the usable ${frame.paper.name} frame, under ${Math.round(threshold * 100)}%; ${fix}`,
    },
  ];
}
