import { drawingFrame } from "../geometry/frame.js";
import { paperSize } from "../geometry/paper.js";
import {
  type Rect,
  rectArea,
  rectCenter,
  rectHeight,
  rectIntersection,
  rectWidth,
} from "../geometry/rect.js";
import { symbolBoundingBox } from "../schematic/bounding-box.js";
import type { Schematic } from "../schematic/read-schematic.js";
import { type Box, emptyBox, extendBox, isEmptyBox } from "../symbol/geometry.js";
import { graphicOutline } from "../symbol/graphic-outline.js";

/** How one page is used; undefined when the paper is unknown or the page is empty. */
export interface PageUse {
  /** Share of the drawing area (inside the frame's inner border) spanned by the content's box. */
  utilization: number;
  /**
   * How far the content's centre sits from the centre of the free drawing area, as a share of
   * half that area's diagonal (0 = centred, 1 = in a corner).
   */
  offset: number;
}

/**
 * Page use of one sheet. The content box covers every symbol (body and pins), wire, bus, label
 * anchor, sheet box, text anchor and drawing; field text is left out (it follows its symbol).
 * The free drawing area is the frame's inside minus the title block, so its centre is the
 * centroid of that L shape: a sheet balanced around it leaves even margins where one can draw.
 */
export function pageUse(
  schematic: Schematic,
  unitOf: (symbolIndex: number) => number,
): PageUse | undefined {
  const paper = paperSize({
    name: schematic.paper.name,
    portrait: schematic.paper.portrait,
    width: schematic.paper.width,
    height: schematic.paper.height,
  });
  if (!paper) return undefined;
  const content = contentBox(schematic, unitOf);
  if (isEmptyBox(content)) return undefined;
  const frame = drawingFrame(paper);
  const usable = frame.usable;
  const covered = rectIntersection(usable, content);
  const utilization = covered ? rectArea(covered) / rectArea(usable) : 0;

  const freeCentre = centroidWithout(usable, frame.titleBlock);
  const centre = rectCenter(content);
  const halfDiagonal = Math.hypot(rectWidth(usable), rectHeight(usable)) / 2;
  const offset = Math.hypot(centre.x - freeCentre.x, centre.y - freeCentre.y) / halfDiagonal;
  return { utilization, offset: Math.min(1, offset) };
}

function contentBox(schematic: Schematic, unitOf: (symbolIndex: number) => number): Box {
  const box = emptyBox();
  const add = (b: Box) => {
    if (isEmptyBox(b)) return;
    extendBox(box, { x: b.minX, y: b.minY });
    extendBox(box, { x: b.maxX, y: b.maxY });
  };
  schematic.symbols.forEach((symbol, i) => {
    if (symbol.lib) add(symbolBoundingBox(symbol, { unit: unitOf(i) }));
  });
  for (const line of [...schematic.wires, ...schematic.buses]) {
    for (const p of line.points) extendBox(box, p);
  }
  for (const entry of schematic.busEntries) {
    extendBox(box, entry.at);
    extendBox(box, entry.end);
  }
  for (const label of schematic.labels) extendBox(box, label.at);
  for (const sheet of schematic.sheets) {
    extendBox(box, sheet.at);
    extendBox(box, { x: sheet.at.x + sheet.size.width, y: sheet.at.y + sheet.size.height });
  }
  for (const text of schematic.texts) {
    extendBox(box, text.at);
    if (text.size) {
      extendBox(box, { x: text.at.x + text.size.width, y: text.at.y + text.size.height });
    }
  }
  for (const graphic of schematic.graphics) {
    for (const p of graphicOutline(graphic)) extendBox(box, p);
  }
  return box;
}

/** The centroid of `outer` with `hole` (inside it) cut out. */
function centroidWithout(outer: Rect, hole: Rect) {
  const a = rectArea(outer);
  const h = rectArea(hole);
  const c = rectCenter(outer);
  const ch = rectCenter(hole);
  if (a - h <= 0) return c;
  return { x: (a * c.x - h * ch.x) / (a - h), y: (a * c.y - h * ch.y) / (a - h) };
}
