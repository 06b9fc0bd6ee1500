import { GLOBAL_LABEL, HIERARCHICAL_LABEL, LABEL_OFFSET_RATIO } from "./layout-constants.js";
import { drawnPenWidth, geometryPenWidth } from "./pen-width.js";
import type { Justify, LabelShape, TextEffects } from "./text-effects.js";
import { layoutText } from "./text-layout.js";
import {
  inflateRect,
  quarterTurns,
  rotateRect90,
  type TextRect,
  translateRect,
  unionRect,
} from "./text-rect.js";

type Point = { x: number; y: number };

/**
 * A local label: the file's justification, drawn at 0° or 90°, standing off its wire by
 * S × 0.15 + p perpendicular to the text.
 */
export function localLabelBox(
  text: string,
  at: Point,
  angle: number,
  justify: Justify,
  effects: TextEffects,
): TextRect | undefined {
  const { ink } = layoutText(text, effects, justify);
  if (!ink) return undefined;
  const lift = LABEL_OFFSET_RATIO * effects.size[1] + geometryPenWidth(effects);
  return place(translateRect(ink, 0, -lift), angle, at);
}

/**
 * A global label: text and outline (pointed ends by shape) on the side the angle points to
 * (0° right, 90° up, 180° left, 270° down), whatever the file's justification says.
 */
export function globalLabelBox(
  text: string,
  at: Point,
  angle: number,
  shape: LabelShape,
  effects: TextEffects,
): TextRect {
  const s = effects.size[1];
  const p = geometryPenWidth(effects);
  const side = outwardSign(angle);
  const pointedStart = shape === "input" || shape === "bidirectional" || shape === "tri_state";
  const points = (pointedStart ? 1 : 0) + (shape === "passive" || shape === "input" ? 0 : 1);
  const start = s * (GLOBAL_LABEL.textStart + (pointedStart ? GLOBAL_LABEL.pointedTextShift : 0));
  const laid = layoutText(text, effects, { h: side > 0 ? "left" : "right", v: "center" });
  const length =
    laid.advance +
    s * GLOBAL_LABEL.bodyExtra +
    p * GLOBAL_LABEL.bodyPen +
    points * s * GLOBAL_LABEL.point;
  const half = s * GLOBAL_LABEL.halfHeight + p;
  const outline = inflateRect(span(side, length, half), drawnPenWidth(effects) / 2);
  const ink = laid.ink && translateRect(laid.ink, side * start, s * GLOBAL_LABEL.textDrop);
  return place(unionRect(outline, ink) as TextRect, angle, at);
}

/** A hierarchical label: an S × S arrow at the anchor, then the text beyond it. */
export function hierarchicalLabelBox(
  text: string,
  at: Point,
  angle: number,
  effects: TextEffects,
): TextRect {
  const s = effects.size[1];
  const side = outwardSign(angle);
  const laid = layoutText(text, effects, { h: side > 0 ? "left" : "right", v: "center" });
  const arrow = HIERARCHICAL_LABEL.arrow * s;
  const outline = inflateRect(span(side, arrow, arrow / 2), drawnPenWidth(effects) / 2);
  const ink = laid.ink && translateRect(laid.ink, side * s * HIERARCHICAL_LABEL.textStart, 0);
  return place(unionRect(outline, ink) as TextRect, angle, at);
}

/** +1 when the label extends along its reading direction (0°, 90°), −1 when against (180°, 270°). */
function outwardSign(angle: number): 1 | -1 {
  return quarterTurns(angle) < 2 ? 1 : -1;
}

/** From the anchor outwards for `length`, ± `half` across, in the reading frame. */
function span(side: 1 | -1, length: number, half: number): TextRect {
  return side > 0
    ? { minX: 0, minY: -half, maxX: length, maxY: half }
    : { minX: -length, minY: -half, maxX: 0, maxY: half };
}

/** Reading frame → sheet: drawn at 0° or 90°, moved to the anchor. */
function place(local: TextRect, angle: number, at: Point): TextRect {
  const drawAngle = quarterTurns(angle) % 2 === 0 ? 0 : 90;
  return translateRect(rotateRect90(local, drawAngle), at.x, at.y);
}
