import { ISO_PAPERS } from "../../geometry/paper.js";
import type { Point } from "../../symbol/geometry.js";
import type { Drawing } from "../drawing.js";
import { snap } from "../drawing.js";
import { emptyDrawing, merge } from "./cell-items.js";
import type { GroupBlock } from "./group-block.js";

const GROUP_GAP = 7.62;
const MARGIN = 20.32;
const TITLE_BLOCK_HEIGHT = 40;

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

/** Where groups may go on a paper: inside the margins and above the title block. */
export function usableArea(paper: { width: number; height: number }): {
  width: number;
  height: number;
} {
  return { width: paper.width - 2 * MARGIN, height: paper.height - MARGIN - TITLE_BLOCK_HEIGHT };
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
    const height = Math.max(0, ...blocks.map((b, i) => (origins[i]?.y ?? 0) + b.height));
    const width = Math.max(0, ...blocks.map((b, i) => (origins[i]?.x ?? 0) + b.width));
    const fits = height <= usable.height && width <= usable.width;
    if (fits) smallestFitting ??= paper.name;
    if (paperHint && paper.name !== paperHint) continue;
    content = { width, height };
    if (!fits) continue;
    const drawing = emptyDrawing(paper.name);
    blocks.forEach((b, i) => {
      const o = origins[i] as Point;
      merge(drawing, b.place({ x: snap(o.x + MARGIN, 2.54), y: snap(o.y + MARGIN, 2.54) }));
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
