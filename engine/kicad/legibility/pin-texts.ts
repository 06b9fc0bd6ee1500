import type { Rect } from "../geometry/rect.js";
import type { PlacedPin } from "../schematic/pins-of.js";
import { defaultEffects, type TextEffects } from "../symbol/effects.js";
import type { LibSymbol } from "../symbol/lib-symbol.js";
import { measureTextBox } from "./measure-text.js";
import type { LayoutText } from "./sheet-layout.js";

/**
 * KiCad's gap between a pin line and the number written beside it (schematic default
 * "pin text margin", 0.6096 mm in eeschema's settings, minus half a pen): close enough for a
 * collision test, which asks whether another text lands on the number, not where its ink ends.
 */
const PIN_TEXT_MARGIN_MM = 0.4;

/** Measured like an unrotated field: centred on its anchor, drawn horizontal or vertical. */
const FIELD = { kind: "field", symbol: { angle: 0 } } as const;

/**
 * The pin numbers and names KiCad draws for a placed unit, each as a text box: numbers centred
 * along the pin line on its outer side (above a horizontal pin, left of a vertical one); names
 * inside the body at the library's name offset, or — with offset 0 — outside above the line
 * while the number goes below. Power ports hide theirs by convention, hidden pins draw none.
 * Sizes are KiCad's 1.27 mm default: the reader keeps no per-pin font.
 */
export function pinTexts(ref: string, lib: LibSymbol, pins: readonly PlacedPin[]): LayoutText[] {
  if (lib.power) return [];
  const out: LayoutText[] = [];
  const effects = defaultEffects();
  for (const pin of pins) {
    if (pin.hidden) continue;
    const horizontal = pin.side === "left" || pin.side === "right";
    const inward = unit(pin.bodyEnd.x - pin.at.x, pin.bodyEnd.y - pin.at.y);
    const mid = { x: (pin.at.x + pin.bodyEnd.x) / 2, y: (pin.at.y + pin.bodyEnd.y) / 2 };
    const offset = lib.pinNames.offset;
    const showName = !lib.pinNames.hidden && pin.name !== "" && pin.name !== "~";
    const showNumber = !lib.pinNumbersHidden && pin.number !== "" && pin.number !== "~";
    const h = effects.size.height;
    const side = PIN_TEXT_MARGIN_MM + h / 2;
    if (showNumber) {
      // Above (or left of) the line; below it when the name takes that place (offset 0).
      const sign = showName && offset <= 0 ? 1 : -1;
      const at = horizontal
        ? { x: mid.x, y: mid.y + sign * side }
        : { x: mid.x + sign * side, y: mid.y };
      out.push(pinText(`${ref} pin ${pin.number}`, ref, pin.number, at, horizontal, effects));
    }
    if (showName) {
      if (offset > 0) {
        // Inside the body, starting `offset` past the pin's body end, read along the pin.
        const width = measureTextBox(pin.name, { x: 0, y: 0 }, 0, effects, FIELD);
        const half = (width.maxX - width.minX) / 2;
        const at = {
          x: pin.bodyEnd.x + inward.x * (offset + half),
          y: pin.bodyEnd.y + inward.y * (offset + half),
        };
        out.push(pinText(`${ref} pin ${pin.number} name`, ref, pin.name, at, horizontal, effects));
      } else {
        const at = horizontal ? { x: mid.x, y: mid.y - side } : { x: mid.x - side, y: mid.y };
        out.push(pinText(`${ref} pin ${pin.number} name`, ref, pin.name, at, horizontal, effects));
      }
    }
  }
  return out;
}

function pinText(
  owner: string,
  ownerRef: string,
  text: string,
  at: { x: number; y: number },
  horizontal: boolean,
  effects: TextEffects,
): LayoutText {
  const angle = horizontal ? 0 : 90;
  const box: Rect = measureTextBox(text, at, angle, effects, FIELD);
  return { owner, ownerRef, text, box, anchor: at, angle };
}

function unit(x: number, y: number) {
  const len = Math.hypot(x, y);
  return len > 0 ? { x: x / len, y: y / len } : { x: 0, y: 0 };
}
