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
  /**
   * Share of the cells (FILL_CELL_MM squares) inside the content's box, title block left out,
   * that hold any drawing: a circuit spread thin over its page — islands with wide empty
   * streets between them — fills few; a compact drawing fills most.
   */
  fill: number;
  /** The paper is A3 or smaller: what a reviewer reads without a plotter or a zoom. */
  sensible: boolean;
}

/** A3's area (mm², with KiCad's mil rounding): the largest paper a page should need. */
const A3_AREA_MM2 = 420 * 297 + 1;

/** Cell of the page-fill grid: about a resistor with its value, so a part fills one or two. */
export const FILL_CELL_MM = 10.16;

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
  return {
    utilization,
    offset: Math.min(1, offset),
    fill: pageFill(schematic, unitOf, usable, frame.titleBlock, content),
    sensible: paper.width * paper.height <= A3_AREA_MM2,
  };
}

function pageFill(
  schematic: Schematic,
  unitOf: (symbolIndex: number) => number,
  usable: Rect,
  titleBlock: Rect,
  content: Box,
): number {
  const cols = Math.max(1, Math.floor(rectWidth(usable) / FILL_CELL_MM));
  const rows = Math.max(1, Math.floor(rectHeight(usable) / FILL_CELL_MM));
  const filled = new Uint8Array(cols * rows);
  const cell = (x: number, y: number) => {
    const c = Math.floor((x - usable.minX) / FILL_CELL_MM);
    const r = Math.floor((y - usable.minY) / FILL_CELL_MM);
    if (c >= 0 && c < cols && r >= 0 && r < rows) filled[r * cols + c] = 1;
  };
  const fillBox = (b: Box) => {
    if (isEmptyBox(b)) return;
    for (let y = b.minY; y <= b.maxY + 1e-9; y += FILL_CELL_MM / 2) {
      for (let x = b.minX; x <= b.maxX + 1e-9; x += FILL_CELL_MM / 2) cell(x, y);
      cell(b.maxX, y);
    }
    for (let x = b.minX; x <= b.maxX + 1e-9; x += FILL_CELL_MM / 2) cell(x, b.maxY);
  };
  schematic.symbols.forEach((symbol, i) => {
    if (symbol.lib) fillBox(symbolBoundingBox(symbol, { unit: unitOf(i) }));
  });
  for (const line of [...schematic.wires, ...schematic.buses]) {
    for (let i = 1; i < line.points.length; i++) {
      const a = line.points[i - 1]!;
      const b = line.points[i]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (FILL_CELL_MM / 2)));
      for (let k = 0; k <= steps; k++)
        cell(a.x + ((b.x - a.x) * k) / steps, a.y + ((b.y - a.y) * k) / steps);
    }
  }
  for (const label of schematic.labels) cell(label.at.x, label.at.y);
  for (const text of schematic.texts) cell(text.at.x, text.at.y);
  for (const sheet of schematic.sheets) {
    const b = emptyBox();
    extendBox(b, sheet.at);
    extendBox(b, { x: sheet.at.x + sheet.size.width, y: sheet.at.y + sheet.size.height });
    fillBox(b);
  }
  let free = 0;
  let used = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = usable.minX + (c + 0.5) * FILL_CELL_MM;
      const y = usable.minY + (r + 0.5) * FILL_CELL_MM;
      const inTitle =
        x >= titleBlock.minX &&
        x <= titleBlock.maxX &&
        y >= titleBlock.minY &&
        y <= titleBlock.maxY;
      const inContent =
        x >= content.minX - FILL_CELL_MM / 2 &&
        x <= content.maxX + FILL_CELL_MM / 2 &&
        y >= content.minY - FILL_CELL_MM / 2 &&
        y <= content.maxY + FILL_CELL_MM / 2;
      if (inTitle || !inContent) continue;
      free++;
      used += filled[r * cols + c]!;
    }
  }
  return free > 0 ? used / free : 0;
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
