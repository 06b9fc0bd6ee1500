import { type DrawingFrame, drawingFrame } from "../geometry/frame.js";
import { type Outline, rectangleOutline } from "../geometry/outline.js";
import type { Point } from "../geometry/point.js";
import { type Rect, rectFromPoints, rectHeight, rectWidth } from "../geometry/rect.js";
import { RectIndex } from "../geometry/rect-index.js";
import { pointOnSegment, type Segment, segmentBounds } from "../geometry/segment.js";
import { TOLERANCE_MM } from "../geometry/tolerance.js";
import type { CaptionVocabulary } from "./caption-vocabulary.js";
import type { LegibilityThresholds } from "./config.js";
import { quoteText } from "./describe.js";
import { type ContentItem, contentItems } from "./families/content-items.js";
import { findGroups, type Group } from "./groups.js";
import { type LayoutLabel, labelItemName, type SheetLayout } from "./sheet-layout.js";

/** Something drawn as a box that other things must keep clear of: a symbol body or a sheet block. */
export interface Body {
  /** "R1", or `sheet "Power"` for a hierarchical sheet block. */
  name: string;
  box: Rect;
  /** What is drawn inside `box`; never empty (a box-only body is its rectangle). */
  outlines: Outline[];
  /**
   * What text must keep clear of. A symbol's whole drawing; only the border of a sheet block,
   * whose inside designers annotate on purpose (pin groups, bus notes).
   */
  textOutlines: Outline[];
  /** Where the item is anchored (a symbol's origin, a sheet block's top-left corner). */
  at: Point;
  pins: Point[];
}

/** Any text drawn on the sheet: fields, free text, sheet-block names, labels. */
export interface TextItem {
  name: string;
  /** What it shows. */
  text: string;
  /** How a detail names it: the name, plus the shown text for fields ('R1 Value "10k"'). */
  describe(): string;
  /** The body this text belongs to (a field's symbol), never tested against itself. */
  ownerBody?: string | undefined;
  box: Rect;
  anchor: Point;
  /** Wires this text is attached to (a label's wires): the text may touch them. */
  attachedWires: ReadonlySet<number>;
  label?: LayoutLabel | undefined;
}

/** Everything a family check reads about one sheet, derived once. */
export interface SheetContext {
  sheet: SheetLayout;
  /** The sheet as findings name it: its path. */
  sheetName: string;
  frame: DrawingFrame | undefined;
  thresholds: LegibilityThresholds;
  bodies: Body[];
  texts: TextItem[];
  wires: Segment[];
  wireIndex: RectIndex;
  bodyIndex: RectIndex;
  /** Over `texts`, in the same order. */
  textIndex: RectIndex;
  groups(): Group[];
  /** Everything drawn, for the page checks (built once, on first use). */
  content(): ContentItem[];
  vocabulary: CaptionVocabulary | undefined;
}

/** Cell size of the spatial indexes: a few symbol widths, so a query touches a handful. */
const INDEX_CELL_MM = 12.7;

export function sheetContext(
  sheet: SheetLayout,
  thresholds: LegibilityThresholds,
  vocabulary: CaptionVocabulary | undefined,
): SheetContext {
  const bodies: Body[] = [];
  for (const s of sheet.symbols) {
    if (s.power) continue;
    const box = s.body ?? pinExtent(s.pins);
    if (!box) continue;
    const outlines = s.outlines.length > 0 ? s.outlines : [boxOutline(box)];
    bodies.push({ name: s.ref, box, outlines, textOutlines: outlines, at: s.at, pins: s.pins });
  }
  for (const b of sheet.sheetBlocks) {
    const border = boxOutline(b.box);
    bodies.push({
      name: `sheet "${b.name}"`,
      box: b.box,
      outlines: [border],
      textOutlines: [{ points: [...border.points, border.points[0]!], closed: false }],
      at: { x: b.box.minX, y: b.box.minY },
      pins: b.pins,
    });
  }

  const wireIndex = new RectIndex(INDEX_CELL_MM);
  sheet.wires.forEach((w) => {
    wireIndex.add(segmentBounds(w));
  });
  const bodyIndex = new RectIndex(INDEX_CELL_MM);
  bodies.forEach((b) => {
    bodyIndex.add(b.box);
  });

  const none: ReadonlySet<number> = new Set();
  const texts: TextItem[] = [];
  for (const s of sheet.symbols) {
    for (const f of s.fields) {
      texts.push({
        name: f.owner,
        text: f.text,
        describe: () => `${f.owner} "${quoteText(f.text)}"`,
        ownerBody: s.ref,
        box: f.box,
        anchor: f.anchor,
        attachedWires: none,
      });
    }
  }
  for (const b of sheet.sheetBlocks) {
    for (const f of b.fields) {
      texts.push({
        name: f.owner,
        text: f.text,
        describe: () => `${f.owner} "${quoteText(f.text)}"`,
        ownerBody: `sheet "${b.name}"`,
        box: f.box,
        anchor: f.anchor,
        attachedWires: none,
      });
    }
  }
  for (const t of sheet.texts) {
    texts.push({
      name: t.owner,
      text: t.text,
      describe: () => t.owner,
      box: t.box,
      anchor: t.anchor,
      attachedWires: none,
    });
  }
  for (const label of sheet.labels) {
    const attached = new Set<number>();
    for (const hit of wireIndex.query(
      { minX: label.anchor.x, minY: label.anchor.y, maxX: label.anchor.x, maxY: label.anchor.y },
      TOLERANCE_MM,
    )) {
      if (pointOnSegment(label.anchor, sheet.wires[hit]!, TOLERANCE_MM)) attached.add(hit);
    }
    texts.push({
      name: labelItemName(label),
      text: label.name,
      describe: () => labelItemName(label),
      box: label.box,
      anchor: label.anchor,
      attachedWires: attached,
      label,
    });
  }

  const textIndex = new RectIndex(INDEX_CELL_MM);
  for (const t of texts) textIndex.add(t.box);

  let groups: Group[] | undefined;
  let content: ContentItem[] | undefined;
  const ctx: SheetContext = {
    sheet,
    sheetName: sheet.path,
    frame: sheet.paper ? drawingFrame(sheet.paper) : undefined,
    thresholds,
    bodies,
    texts,
    wires: sheet.wires,
    wireIndex,
    bodyIndex,
    textIndex,
    groups: () => {
      groups ??= findGroups(sheet);
      return groups;
    },
    content: () => {
      content ??= contentItems(ctx);
      return content;
    },
    vocabulary,
  };
  return ctx;
}

function boxOutline(box: Rect): Outline {
  return rectangleOutline({ x: box.minX, y: box.minY }, { x: box.maxX, y: box.maxY });
}

/** A pin-only symbol (no graphics) still occupies the span of its pins, if that has any area. */
function pinExtent(pins: Point[]): Rect | undefined {
  const box = rectFromPoints(pins);
  return box && rectWidth(box) > 0 && rectHeight(box) > 0 ? box : undefined;
}
