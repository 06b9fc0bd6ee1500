import { child, childText, numberAt, type SList, textAt } from "../sexp/node.js";
import { readEffects, type TextEffects } from "../symbol/effects.js";
import type { Point } from "../symbol/geometry.js";

/** Free text on a sheet (`(text …)`), or a text box (`(text_box …)`, which also has a size). */
export interface SheetText {
  kind: "text" | "text_box";
  text: string;
  at: Point;
  angle: number;
  /** Text boxes only: width and height in mm. */
  size: { width: number; height: number } | undefined;
  effects: TextEffects;
  uuid: string | undefined;
}

export function readSheetText(node: SList, kind: "text" | "text_box"): SheetText {
  const at = child(node, "at") ?? child(node, "start");
  const size = child(node, "size");
  const end = child(node, "end");
  const x = numberAt(at, 1) ?? 0;
  const y = numberAt(at, 2) ?? 0;
  let box: SheetText["size"];
  if (kind === "text_box") {
    box = size
      ? { width: numberAt(size, 1) ?? 0, height: numberAt(size, 2) ?? 0 }
      : { width: (numberAt(end, 1) ?? x) - x, height: (numberAt(end, 2) ?? y) - y };
  }
  return {
    kind,
    text: textAt(node, 1) ?? "",
    at: { x, y },
    angle: numberAt(at, 3) ?? 0,
    size: box,
    effects: readEffects(node),
    uuid: childText(node, "uuid"),
  };
}
