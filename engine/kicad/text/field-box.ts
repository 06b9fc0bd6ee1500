import { FIELD_BOX } from "./layout-constants.js";
import { geometryPenWidth } from "./pen-width.js";
import { CENTERED, type Justify, type SymbolTransform, type TextEffects } from "./text-effects.js";
import { layoutText } from "./text-layout.js";
import { quarterTurns, rotateRect90, type TextRect, translateRect } from "./text-rect.js";

/**
 * A symbol field (Reference, Value, …) as KiCad 9 draws it. `at` is the field position from the
 * file (already absolute), `fieldAngle` and `justify` are the field's own, from the file — both
 * relative to the symbol — and `symbol` is the placed symbol's angle and mirror. KiCad builds the
 * justified box in the field's frame, carries it through the symbol's rotation and mirror, and
 * draws the text centred in the result. The drawn angle is the field's own unless the symbol is
 * turned a quarter (90°/270°), which swaps horizontal and vertical — so a field stored at 180°
 * or 270° on an upright symbol is drawn upside down, as KiCad does.
 */
export function fieldBox(
  text: string,
  at: { x: number; y: number },
  fieldAngle: number,
  justify: Justify,
  effects: TextEffects,
  symbol: SymbolTransform = { angle: 0 },
): TextRect | undefined {
  const laid = layoutText(text, effects, CENTERED);
  if (!laid.ink) return undefined;
  const s = effects.size[1];
  const p = geometryPenWidth(effects);
  const along = laid.advance / 2 + p * FIELD_BOX.alongPen - s * FIELD_BOX.alongSize;
  const across = s * FIELD_BOX.acrossSize + p * FIELD_BOX.acrossPen;
  const offset = {
    x: justify.h === "left" ? along : justify.h === "right" ? -along : 0,
    y: justify.v === "top" ? across : justify.v === "bottom" ? -across : 0,
  };
  const moved = applySymbol(rotatePoint(offset, fieldAngle), symbol);
  const drawAngle = fieldDrawAngle(fieldAngle, symbol);
  return translateRect(rotateRect90(laid.ink, drawAngle), at.x + moved.x, at.y + moved.y);
}

/**
 * The angle KiCad draws a symbol's field at: the field's own angle, except that a symbol turned
 * by 90° or 270° swaps it between horizontal (0°) and vertical (90°).
 */
export function fieldDrawAngle(fieldAngle: number, symbol: SymbolTransform): 0 | 90 | 180 | 270 {
  const own = quarterTurns(fieldAngle);
  if (quarterTurns(symbol.angle) % 2 === 1) return own % 2 === 0 ? 90 : 0;
  return (own * 90) as 0 | 90 | 180 | 270;
}

/** Counter-clockwise on the sheet (y down): 90° takes (x, y) to (y, −x). */
function rotatePoint(p: { x: number; y: number }, angle: number): { x: number; y: number } {
  switch (quarterTurns(angle)) {
    case 1:
      return { x: p.y, y: -p.x };
    case 2:
      return { x: -p.x, y: -p.y };
    case 3:
      return { x: -p.y, y: p.x };
    default:
      return p;
  }
}

/** KiCad's symbol transform: rotate, then mirror (`x` flips y, `y` flips x). */
function applySymbol(p: { x: number; y: number }, symbol: SymbolTransform) {
  const r = rotatePoint(p, symbol.angle);
  if (symbol.mirror === "x") return { x: r.x, y: -r.y };
  if (symbol.mirror === "y") return { x: -r.x, y: r.y };
  return r;
}
