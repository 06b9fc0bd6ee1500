import {
  child,
  childNumber,
  childText,
  headOf,
  isList,
  numberAt,
  type SList,
  textAt,
} from "../sexp/node.js";
import { PcbFormatError } from "./pcb-format-error.js";
import { type Point, pointOf, readPoint } from "./point.js";

/** What every drawn item has, on a board (`gr_*`) or in a footprint (`fp_*`). */
interface GraphicBase {
  readonly layer: string;
  /** Stroke width in mm (0 when the file leaves it to the default). */
  readonly width: number;
  readonly filled: boolean;
  readonly uuid: string | undefined;
}

/** A vertex of a `pts` list: a plain point, or an arc `(arc (start)(mid)(end))` inside a poly. */
export type PathVertex =
  | { readonly kind: "xy"; readonly at: Point }
  | { readonly kind: "arc"; readonly start: Point; readonly mid: Point; readonly end: Point };

export type Graphic =
  | (GraphicBase & { readonly shape: "line"; readonly start: Point; readonly end: Point })
  /** Axis-aligned in the frame it is written in; corners `start` and `end`. */
  | (GraphicBase & { readonly shape: "rect"; readonly start: Point; readonly end: Point })
  /** `end` is a point on the circumference. */
  | (GraphicBase & { readonly shape: "circle"; readonly center: Point; readonly end: Point })
  | (GraphicBase & {
      readonly shape: "arc";
      readonly start: Point;
      readonly mid: Point;
      readonly end: Point;
    })
  /** A closed polygon. */
  | (GraphicBase & { readonly shape: "poly"; readonly points: readonly PathVertex[] })
  /** A cubic Bézier: four control points. */
  | (GraphicBase & { readonly shape: "curve"; readonly points: readonly Point[] })
  | (GraphicBase & {
      readonly shape: "text";
      /** `reference`, `value`, `user` for fp_text; `text` for gr_text; `textbox` for text boxes. */
      readonly kind: string;
      readonly text: string;
      readonly at: Point;
      readonly angle: number;
      readonly hidden: boolean;
    });

export type GraphicShape = Graphic["shape"];

const SHAPES: Record<string, GraphicShape> = {
  line: "line",
  rect: "rect",
  circle: "circle",
  arc: "arc",
  poly: "poly",
  curve: "curve",
  text: "text",
  text_box: "text",
};

/** `fp_line` / `gr_line` → "line"; undefined for anything that is not a drawn item. */
export function graphicShapeOf(node: SList): GraphicShape | undefined {
  const head = headOf(node);
  if (!head || !(head.startsWith("fp_") || head.startsWith("gr_"))) return undefined;
  return SHAPES[head.slice(3)];
}

function required(node: SList, head: string): Point {
  const p = readPoint(node, head);
  if (!p) throw new PcbFormatError(node, `has no usable (${head} x y)`);
  return p;
}

/** Every vertex of a `(pts …)` list, arcs kept as arcs. */
export function readPath(pts: SList | undefined): PathVertex[] {
  const out: PathVertex[] = [];
  if (!pts) return out;
  for (const item of pts.items) {
    if (!isList(item)) continue;
    const head = headOf(item);
    if (head === "xy") {
      const at = pointOf(item);
      if (at) out.push({ kind: "xy", at });
    } else if (head === "arc") {
      const start = readPoint(item, "start");
      const mid = readPoint(item, "mid");
      const end = readPoint(item, "end");
      if (!start || !mid || !end) throw new PcbFormatError(item, "arc vertex lacks start/mid/end");
      out.push({ kind: "arc", start, mid, end });
    }
  }
  return out;
}

function readWidth(node: SList): number {
  const stroke = child(node, "stroke");
  return (stroke ? childNumber(stroke, "width") : undefined) ?? childNumber(node, "width") ?? 0;
}

function readFilled(node: SList): boolean {
  const fill = childText(node, "fill");
  return fill === "yes" || fill === "solid";
}

function isHidden(node: SList): boolean {
  for (const item of node.items) {
    if (item.kind === "atom" && !item.quoted && item.text === "hide") return true;
    if (isList(item, "hide")) return textAt(item, 1) !== "no";
  }
  const effects = child(node, "effects");
  return effects ? isHidden(effects) : false;
}

/**
 * Reads one drawn item (`fp_line`, `gr_arc`, `fp_text` …) as written, in the coordinates of the
 * file (footprint-local for `fp_*` in a board, board coordinates for `gr_*`). Undefined for
 * nodes that are not drawn items.
 */
export function readGraphic(node: SList): Graphic | undefined {
  const shape = graphicShapeOf(node);
  if (!shape) return undefined;
  const base = {
    layer: childText(node, "layer") ?? "",
    width: readWidth(node),
    filled: readFilled(node),
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
  };
  switch (shape) {
    case "line":
    case "rect":
      return { ...base, shape, start: required(node, "start"), end: required(node, "end") };
    case "circle":
      return { ...base, shape, center: required(node, "center"), end: required(node, "end") };
    case "arc":
      if (!child(node, "mid")) {
        throw new PcbFormatError(node, "arc without (mid …): a pre-KiCad-7 arc");
      }
      return {
        ...base,
        shape,
        start: required(node, "start"),
        mid: required(node, "mid"),
        end: required(node, "end"),
      };
    case "poly":
      return { ...base, shape, points: readPath(child(node, "pts")) };
    case "curve": {
      const points = readPath(child(node, "pts")).flatMap((v) => (v.kind === "xy" ? [v.at] : []));
      if (points.length !== 4) throw new PcbFormatError(node, "curve needs 4 control points");
      return { ...base, shape, points };
    }
    case "text":
      return readText(node, base);
  }
}

function readText(node: SList, base: GraphicBase): Graphic {
  const head = headOf(node) ?? "";
  const boxed = head.endsWith("text_box");
  // (fp_text reference "R1" …) has a kind before the text; (gr_text "x" …) does not.
  const kind = boxed ? "textbox" : head === "fp_text" ? (textAt(node, 1) ?? "user") : "text";
  const text = (head === "fp_text" ? textAt(node, 2) : textAt(node, 1)) ?? "";
  const atNode = child(node, "at");
  const firstPt = readPath(child(node, "pts")).find((v) => v.kind === "xy");
  const at =
    pointOf(atNode) ??
    readPoint(node, "start") ??
    (firstPt?.kind === "xy" ? firstPt.at : undefined);
  if (!at) throw new PcbFormatError(node, "text has no position");
  const angle = (boxed ? childNumber(node, "angle") : numberAt(atNode, 3)) ?? 0;
  return { ...base, shape: "text", kind, text, at, angle, hidden: isHidden(node) };
}
