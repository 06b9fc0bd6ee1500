import type { PaperSize } from "./paper.js";
import type { Rect } from "./rect.js";

/**
 * KiCad's default drawing sheet (the one every project without a custom .kicad_wks uses):
 * a border at 10 mm from each paper edge, a second border 2 mm further in (the band between
 * them carries the zone ruler), and the title block: a 108 × 32 mm box in the bottom-right
 * corner of the inner border. Measured from kicad-cli's SVG export of an empty A4 sheet:
 * borders at 10 / 12 mm, title block (177.0022, 166.0072)–(285.0022, 198.0072).
 */
export const FRAME_MARGIN_MM = 10;
export const RULER_BAND_MM = 2;
export const TITLE_BLOCK_WIDTH_MM = 108;
export const TITLE_BLOCK_HEIGHT_MM = 32;

export interface DrawingFrame {
  paper: PaperSize;
  /** The whole page. */
  page: Rect;
  /** Inside the inner border: where drawing belongs. */
  usable: Rect;
  /** The title block, inside `usable`'s bottom-right corner: nothing else belongs there. */
  titleBlock: Rect;
}

/**
 * The frame of a page. On pages too small for the default title block (none of KiCad's
 * standard papers), the title block is clamped to half the usable width and a quarter of
 * its height, so a tiny User page still has somewhere to draw.
 */
export function drawingFrame(paper: PaperSize): DrawingFrame {
  const inset = FRAME_MARGIN_MM + RULER_BAND_MM;
  const usable: Rect = {
    minX: inset,
    minY: inset,
    maxX: Math.max(inset, paper.width - inset),
    maxY: Math.max(inset, paper.height - inset),
  };
  const tbWidth = Math.min(TITLE_BLOCK_WIDTH_MM, (usable.maxX - usable.minX) / 2);
  const tbHeight = Math.min(TITLE_BLOCK_HEIGHT_MM, (usable.maxY - usable.minY) / 4);
  return {
    paper,
    page: { minX: 0, minY: 0, maxX: paper.width, maxY: paper.height },
    usable,
    titleBlock: {
      minX: usable.maxX - tbWidth,
      minY: usable.maxY - tbHeight,
      maxX: usable.maxX,
      maxY: usable.maxY,
    },
  };
}
