import { maxOf } from "../../../array-ops.js";
import { drawingFrame } from "../../geometry/frame.js";
import { ISO_PAPERS, type PaperSize } from "../../geometry/paper.js";
import type { Point } from "../../symbol/geometry.js";
import type { Drawing } from "../drawing.js";
import { snap } from "../drawing.js";
import { emptyDrawing, merge } from "./cell-items.js";
import type { GroupBlock } from "./group-block.js";

const GROUP_GAP = 5.08;
/** Groups start this far from the paper's top-left edge (inside KiCad's frame and its ruler). */
const MARGIN = 20.32;
/** Kept clear between a group and the frame's inner border or the title block. */
const CLEARANCE = 2.54;

/**
 * The drawn groups on their paper, or the groups' size when no allowed paper holds them: the
 * largest paper (A0), or the paper pinned by `hints.paper` (then `smallestFitting` names the
 * paper that would hold them, if any).
 */
export type SheetPlacement =
  | { fits: true; drawing: Drawing }
  | {
      fits: false;
      content: { width: number; height: number };
      usable: { width: number; height: number };
      paper: string;
      pinned: boolean;
      smallestFitting?: string;
    };

/**
 * Where groups may go on a paper, as a rectangle: inside the frame and above the title block.
 * (Placement also uses the strip beside the title block: see `clearOfFrame`.)
 */
export function usableArea(paper: PaperSize): { width: number; height: number } {
  const frame = drawingFrame(paper);
  return {
    width: frame.usable.maxX - CLEARANCE - MARGIN,
    height: frame.titleBlock.minY - CLEARANCE - MARGIN,
  };
}

/** A group's box (sheet mm) stays inside the frame and off the title block in its corner. */
function clearOfFrame(
  paper: PaperSize,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): boolean {
  const { usable, titleBlock } = drawingFrame(paper);
  const inside = box.maxX <= usable.maxX - CLEARANCE && box.maxY <= usable.maxY - CLEARANCE;
  const onTitle = box.maxX > titleBlock.minX - CLEARANCE && box.maxY > titleBlock.minY - CLEARANCE;
  return inside && !onTitle;
}

/** Reading order: left to right, wrapping into rows; each row as tall as its tallest group. */
export function tile(blocks: readonly GroupBlock[], width: number): Point[] {
  const origins: Point[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const b of blocks) {
    if (x > 0 && x + b.width > width) {
      x = 0;
      y += rowHeight + GROUP_GAP;
      rowHeight = 0;
    }
    origins.push({ x, y });
    x += b.width + GROUP_GAP;
    rowHeight = Math.max(rowHeight, b.height);
  }
  return origins;
}

/**
 * The groups tiled on the smallest paper that holds them (or `paperHint`). When not even A0
 * (or the pinned paper) holds them, returns their size instead: an overflowing sheet is never drawn.
 */
export function fitOnPaper(blocks: readonly GroupBlock[], paperHint?: string): SheetPlacement {
  let content = { width: 0, height: 0 };
  let smallestFitting: string | undefined;
  for (const paper of ISO_PAPERS) {
    const usable = usableArea(paper);
    const origins = tile(blocks, usable.width);
    const height = Math.max(0, maxOf(blocks.map((b, i) => (origins[i]?.y ?? 0) + b.height)));
    const width = Math.max(0, maxOf(blocks.map((b, i) => (origins[i]?.x ?? 0) + b.width)));
    const at = origins.map((o) => ({ x: snap(o.x + MARGIN, 2.54), y: snap(o.y + MARGIN, 2.54) }));
    const fits = blocks.every((b, i) => {
      const o = at[i] as Point;
      return clearOfFrame(paper, {
        minX: o.x,
        minY: o.y,
        maxX: o.x + b.width,
        maxY: o.y + b.height,
      });
    });
    if (fits) smallestFitting ??= paper.name;
    if (paperHint && paper.name !== paperHint) continue;
    content = { width, height };
    if (!fits) continue;
    const drawing = emptyDrawing(paper.name);
    blocks.forEach((b, i) => {
      merge(drawing, b.place(at[i] as Point));
    });
    return { fits: true, drawing };
  }
  // A pinned paper that is too small is refused like A0 is: an overflowing sheet is never drawn.
  const refused = ISO_PAPERS.find((p) => p.name === (paperHint ?? "A0"));
  if (!refused) throw new Error(`unreachable: ${paperHint ?? "A0"} is a standard paper`);
  return {
    fits: false,
    content,
    usable: usableArea(refused),
    paper: refused.name,
    pinned: paperHint !== undefined,
    ...(smallestFitting ? { smallestFitting } : {}),
  };
}
