import type { Outline } from "../geometry/outline.js";
import type { PaperSize } from "../geometry/paper.js";
import type { Point } from "../geometry/point.js";
import type { Rect } from "../geometry/rect.js";
import type { Segment } from "../geometry/segment.js";

/**
 * What the legibility checker sees of one sheet instance: plain geometry in sheet mm, already
 * measured and transformed (text boxes as KiCad draws them, bodies with the placement
 * applied). The checker is pure over this model; `layout-from-schematic.ts` builds it from the
 * typed schematic view, and tests build it by hand.
 */
export interface SheetLayout {
  /** The sheet instance path: "/" for the root, "/Power/" for a sub-sheet named Power. */
  path: string;
  /** The file the sheet comes from (for messages); relative to the root's folder. */
  file: string;
  /** The page, or undefined when KiCad would not know the declared paper (page checks skip). */
  paper: PaperSize | undefined;
  /** The paper as declared, for the skip reason when `paper` is undefined. */
  paperName: string;
  /** undefined when the sheet has no `(title_block)` at all. */
  titleBlock: TitleBlockFields | undefined;
  /** The sheet carries copperhead's generator stamp (the drafting conventions bind it). */
  engineAuthored: boolean;
  symbols: LayoutSymbol[];
  /** Hierarchical sheet symbols drawn on this sheet: boxes with pins and name/file fields. */
  sheetBlocks: LayoutSheetBlock[];
  /** Free text (`(text …)`) and text boxes, visible ones only. */
  texts: LayoutText[];
  labels: LayoutLabel[];
  wires: Segment[];
  /** Sheet-level graphic rectangles: the groups of an engine-drafted sheet. */
  rectangles: Rect[];
  /** Junction dots: where a wire end joins another wire's middle. Omitted: none. */
  junctions?: Point[] | undefined;
}

export interface TitleBlockFields {
  title: string;
  rev: string;
  date: string;
}

export interface LayoutSymbol {
  /** The reference shown for this instance ("R1", "U3B" for unit 2 of a multi-unit U3). */
  ref: string;
  libId: string;
  value: string;
  at: Point;
  /** Power ports and flags: drawn as connections, not parts, so body checks skip them. */
  power: boolean;
  /** The box of the body graphics (pins and text excluded), or undefined when it has none. */
  body: Rect | undefined;
  /**
   * The body graphics as drawn (sheet mm): what text and wires must actually keep clear of.
   * Empty means "use the box" (hand-built layouts, pin-only symbols).
   */
  outlines: Outline[];
  /** Connection points of the pins in sheet mm. */
  pins: Point[];
  /** The visible fields, each measured as KiCad draws it. */
  fields: LayoutText[];
  /** Visible pin numbers and names, as drawn beside and inside the body. Omitted: none. */
  pinTexts?: LayoutText[] | undefined;
  /**
   * Power ports only: which way the port's drawing points from its pin on the sheet, and
   * which way its library drawing points (GND down, a rail up). Omitted: no direction
   * (the drawing sits on its pin, or the symbol is not a port).
   */
  pointing?: { placed: Direction; library: Direction } | undefined;
}

export type Direction = "up" | "down" | "left" | "right";

export interface LayoutSheetBlock {
  /** The sheet name (Sheetname field). */
  name: string;
  box: Rect;
  /** Connection points of the sheet pins. */
  pins: Point[];
  /** Sheet name and file fields, and the sheet pins' text, as drawn. */
  fields: LayoutText[];
}

export interface LayoutText {
  /** How findings name it: "R1 Value", `text "Input stage"`, `sheet "Power" Sheetfile`. */
  owner: string;
  /** The symbol or sheet block it belongs to, so it is not tested against its own body. */
  ownerRef?: string | undefined;
  text: string;
  box: Rect;
  /** Where the text is anchored (its `(at …)`). */
  anchor: Point;
  /** Rotation as drawn, 0 or 90 (KiCad draws schematic text horizontal or vertical). */
  angle: number;
}

export interface LayoutLabel {
  name: string;
  kind: "local" | "global" | "hierarchical";
  /** The connection point. */
  anchor: Point;
  /** 0, 90, 180 or 270. */
  angle: number;
  /** The drawn box: text and, for global and hierarchical labels, the outline. */
  box: Rect;
  /** The box the same label would have drawn horizontally (angle 0), for label-orientation. */
  horizontalBox: Rect;
}

/** How a label is named in refs and details: `label "VCC"`, `global label "SDA"`. */
export function labelItemName(label: LayoutLabel): string {
  const kind = label.kind === "local" ? "label" : `${label.kind} label`;
  return `${kind} "${label.name}"`;
}
