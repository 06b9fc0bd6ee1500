import { child, headOf, numberAt, type SList, textAt } from "../sexp/node.js";
import { readEffects, type TextEffects } from "./effects.js";
import type { Point } from "./geometry.js";

/** Body graphics of a library symbol (library coordinates, Y-up). */
export type Graphic =
  | { kind: "rectangle"; start: Point; end: Point; strokeWidth: number; fill: string }
  | { kind: "polyline"; points: Point[]; strokeWidth: number; fill: string }
  | { kind: "circle"; center: Point; radius: number; strokeWidth: number; fill: string }
  | { kind: "arc"; start: Point; mid: Point | undefined; end: Point; center: Point | undefined }
  | { kind: "bezier"; points: Point[] }
  | { kind: "text"; text: string; at: Point; angle: number; effects: TextEffects }
  | { kind: "text_box"; text: string; start: Point; end: Point; effects: TextEffects };

export function readPoint(node: SList | undefined): Point {
  return { x: numberAt(node, 1) ?? 0, y: numberAt(node, 2) ?? 0 };
}

export function readPoints(owner: SList): Point[] {
  const pts = child(owner, "pts");
  if (!pts) return [];
  const out: Point[] = [];
  for (const item of pts.items) {
    if (item.kind === "list" && headOf(item) === "xy") out.push(readPoint(item));
  }
  return out;
}

function strokeWidth(node: SList): number {
  const stroke = child(node, "stroke");
  return stroke ? (numberAt(child(stroke, "width"), 1) ?? 0) : 0;
}

function fillType(node: SList): string {
  const fill = child(node, "fill");
  return fill ? (textAt(child(fill, "type"), 1) ?? "none") : "none";
}

/** Reads one graphic item, or undefined when `node` is not a drawing (pins, properties, …). */
export function readGraphic(node: SList): Graphic | undefined {
  switch (headOf(node)) {
    case "rectangle":
      return {
        kind: "rectangle",
        start: readPoint(child(node, "start")),
        end: readPoint(child(node, "end")),
        strokeWidth: strokeWidth(node),
        fill: fillType(node),
      };
    case "polyline":
      return {
        kind: "polyline",
        points: readPoints(node),
        strokeWidth: strokeWidth(node),
        fill: fillType(node),
      };
    case "circle":
      return {
        kind: "circle",
        center: readPoint(child(node, "center")),
        radius: numberAt(child(node, "radius"), 1) ?? 0,
        strokeWidth: strokeWidth(node),
        fill: fillType(node),
      };
    case "arc": {
      const mid = child(node, "mid");
      // KiCad 6 files may describe the arc by its centre instead of its middle point.
      const radiusAt = child(child(node, "radius") ?? node, "at");
      return {
        kind: "arc",
        start: readPoint(child(node, "start")),
        mid: mid ? readPoint(mid) : undefined,
        end: readPoint(child(node, "end")),
        center: !mid && radiusAt ? readPoint(radiusAt) : undefined,
      };
    }
    case "bezier":
      return { kind: "bezier", points: readPoints(node) };
    case "text": {
      const at = child(node, "at");
      return {
        kind: "text",
        text: textAt(node, 1) ?? "",
        at: readPoint(at),
        angle: numberAt(at, 3) ?? 0,
        effects: readEffects(node),
      };
    }
    case "text_box": {
      const at = child(node, "at");
      const size = child(node, "size");
      const start = at ? readPoint(at) : readPoint(child(node, "start"));
      const end = size
        ? { x: start.x + (numberAt(size, 1) ?? 0), y: start.y + (numberAt(size, 2) ?? 0) }
        : readPoint(child(node, "end"));
      return {
        kind: "text_box",
        text: textAt(node, 1) ?? "",
        start,
        end,
        effects: readEffects(node),
      };
    }
    default:
      return undefined;
  }
}
