import { type DrawingFrame, drawingFrame } from "../geometry/frame.js";
import type { Point } from "../geometry/point.js";
import { type Rect, rectFromPoints, rectHeight, rectWidth } from "../geometry/rect.js";
import { RectIndex } from "../geometry/rect-index.js";
import { pointOnSegment, type Segment, segmentBounds } from "../geometry/segment.js";
import { TOLERANCE_MM } from "../geometry/tolerance.js";
import type { CaptionVocabulary } from "./caption-vocabulary.js";
import type { LegibilityThresholds } from "./config.js";
import { quoteText } from "./describe.js";
import { findGroups, type Group } from "./groups.js";
import { type LayoutLabel, labelItemName, type SheetLayout } from "./sheet-layout.js";

/** Something drawn as a box that other things must keep clear of: a symbol body or a sheet block. */
export interface Body {
  /** "R1", or `sheet "Power"` for a hierarchical sheet block. */
  name: string;
  box: Rect;
  /** Where the item is anchored (a symbol's origin, a sheet block's top-left corner). */
  at: Point;
  pins: Point[];
}

/** Any text drawn on the sheet: fields, free text, sheet-block names, labels. */
export interface TextItem {
  name: string;
  /** How a detail names it: the name, plus the shown text for fields ('R1 Value "10k"'). */
  description: string;
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
  wireIndex: RectIndex<number>;
  bodyIndex: RectIndex<number>;
  groups(): Group[];
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
    if (box) bodies.push({ name: s.ref, box, at: s.at, pins: s.pins });
  }
  for (const b of sheet.sheetBlocks) {
    bodies.push({
      name: `sheet "${b.name}"`,
      box: b.box,
      at: { x: b.box.minX, y: b.box.minY },
      pins: b.pins,
    });
  }

  const wireIndex = new RectIndex<number>(INDEX_CELL_MM);
  sheet.wires.forEach((w, i) => {
    wireIndex.add(segmentBounds(w), i);
  });
  const bodyIndex = new RectIndex<number>(INDEX_CELL_MM);
  bodies.forEach((b, i) => {
    bodyIndex.add(b.box, i);
  });

  const none: ReadonlySet<number> = new Set();
  const texts: TextItem[] = [];
  for (const s of sheet.symbols) {
    for (const f of s.fields) {
      texts.push({
        name: f.owner,
        description: `${f.owner} "${quoteText(f.text)}"`,
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
        description: `${f.owner} "${quoteText(f.text)}"`,
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
      description: t.owner,
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
      if (pointOnSegment(label.anchor, sheet.wires[hit.value]!, TOLERANCE_MM))
        attached.add(hit.value);
    }
    texts.push({
      name: labelItemName(label),
      description: labelItemName(label),
      box: label.box,
      anchor: label.anchor,
      attachedWires: attached,
      label,
    });
  }

  let groups: Group[] | undefined;
  return {
    sheet,
    sheetName: sheet.path,
    frame: sheet.paper ? drawingFrame(sheet.paper) : undefined,
    thresholds,
    bodies,
    texts,
    wires: sheet.wires,
    wireIndex,
    bodyIndex,
    groups: () => {
      groups ??= findGroups(sheet);
      return groups;
    },
    vocabulary,
  };
}

/** A pin-only symbol (no graphics) still occupies the span of its pins, if that has any area. */
function pinExtent(pins: Point[]): Rect | undefined {
  const box = rectFromPoints(pins);
  return box && rectWidth(box) > 0 && rectHeight(box) > 0 ? box : undefined;
}
