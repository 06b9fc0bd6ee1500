import type { Rect } from "../../geometry/rect.js";
import type { CatalogSymbol } from "../../library/symbol-catalog.js";
import type { Rotation } from "../../schematic/placed-symbol.js";
import { child, flag, headOf, numberAt, type SList, textAt } from "../../sexp/node.js";
import { textExtent } from "../../text/text-extent.js";
import type { Direction } from "../drawing.js";
import { unitGeometry } from "../unit-geometry.js";

/** KiCad's pin stroke and the gap it leaves between a pin line and its text (24 mils × 0.15). */
const PIN_PEN = 0.1524;
const TEXT_MARGIN = 0.6096 * 0.15;
/** Added around each text's ink: what comes this close to a pin's text reads as touching it. */
const SLACK = 0.15;
/** Names inside the body are placed less predictably (their anchor, overbars): a little more. */
const NAME_SLACK = 0.2;

interface PinTextSizes {
  name: number;
  number: number;
  nameHidden: boolean;
  numberHidden: boolean;
}

/** The name and number text sizes of every pin of a symbol node, by pin number. */
function textSizes(node: SList): Map<string, PinTextSizes> {
  const sizes = new Map<string, PinTextSizes>();
  const effects = (item: SList | undefined) => (item ? child(item, "effects") : undefined);
  const size = (item: SList | undefined) => {
    const font = effects(item) && child(effects(item) as SList, "font");
    return numberAt(font ? child(font, "size") : undefined, 1);
  };
  const hidden = (item: SList | undefined) => {
    const e = effects(item);
    return e ? (flag(e, "hide") ?? false) : false;
  };
  const walk = (n: SList) => {
    for (const item of n.items) {
      if (item.kind !== "list") continue;
      if (headOf(item) === "pin") {
        const name = child(item, "name");
        const number = child(item, "number");
        const key = textAt(number, 1);
        if (key !== undefined && !sizes.has(key))
          sizes.set(key, {
            name: size(name) ?? 1.27,
            number: size(number) ?? 1.27,
            nameHidden: hidden(name),
            numberHidden: hidden(number),
          });
      } else if (headOf(item) === "symbol") walk(item);
    }
  };
  walk(node);
  return sizes;
}

const INWARD: Record<Direction, { x: number; y: number }> = {
  left: { x: 1, y: 0 },
  right: { x: -1, y: 0 },
  up: { x: 0, y: 1 },
  down: { x: 0, y: -1 },
};

/**
 * Where KiCad draws the visible pin names and numbers of one unit placed at the origin with
 * `rotation`, in sheet axes: a number centred along its pin, just above a horizontal pin or left
 * of a vertical one; a name inside the body past the pin's end (or, when the symbol puts names
 * outside, on the same side as numbers do, the number going to the other side). Boxes are the
 * ink plus a hair, so texts placed clear of them never touch a pin's text.
 */
export function pinTextBoxes(
  symbol: CatalogSymbol,
  unit: number,
  rotation: Rotation = 0,
): { pin: string; text: string; box: Rect }[] {
  const lib = symbol.symbol;
  const sizes = textSizes(symbol.node);
  const out: { pin: string; text: string; box: Rect }[] = [];
  for (const { pin, offset, outward } of unitGeometry(lib, unit, rotation).pins) {
    if (pin.hidden) continue;
    const s = sizes.get(pin.number);
    const inward = INWARD[outward];
    const horizontal = outward === "left" || outward === "right";
    const along = (t: number) => ({ x: offset.x + inward.x * t, y: offset.y + inward.y * t });
    // `side` -1: above a horizontal pin, left of a vertical one; +1 the other side.
    const beside = (text: string, size: number, side: -1 | 1): Rect => {
      const { width, height } = textExtent(text, { size: [size, size] });
      const c = along(pin.length / 2);
      // The text's own pen (a default stroke is an eighth of its size) stands it off further.
      const d = TEXT_MARGIN + PIN_PEN / 2 + size / 8;
      const [near, far] = side < 0 ? [-d - height, -d] : [d, d + height];
      return horizontal
        ? { minX: c.x - width / 2, maxX: c.x + width / 2, minY: c.y + near, maxY: c.y + far }
        : { minX: c.x + near, maxX: c.x + far, minY: c.y - width / 2, maxY: c.y + width / 2 };
    };
    const shownName = !lib.pinNames.hidden && !s?.nameHidden && pin.name !== "" && pin.name !== "~";
    const shownNumber = !lib.pinNumbersHidden && !s?.numberHidden && pin.number !== "";
    const inside = lib.pinNames.offset > 0;
    const add = (text: string, box: Rect) =>
      out.push({
        pin: pin.number,
        text,
        box: {
          minX: box.minX - SLACK,
          minY: box.minY - SLACK,
          maxX: box.maxX + SLACK,
          maxY: box.maxY + SLACK,
        },
      });
    if (shownNumber) add(pin.number, beside(pin.number, s?.number ?? 1.27, inside ? -1 : 1));
    if (shownName && !inside) add(pin.name, beside(pin.name, s?.name ?? 1.27, -1));
    if (shownName && inside) {
      const { width, height } = textExtent(pin.name, { size: [s?.name ?? 1.27, s?.name ?? 1.27] });
      // Centred on the pin's line, but an overbar or a descender makes the ink lopsided.
      const half = height / 2 + NAME_SLACK;
      const a = along(pin.length + lib.pinNames.offset - NAME_SLACK);
      const b = along(pin.length + lib.pinNames.offset + width + NAME_SLACK);
      add(
        pin.name,
        horizontal
          ? {
              minX: Math.min(a.x, b.x),
              maxX: Math.max(a.x, b.x),
              minY: a.y - half,
              maxY: a.y + half,
            }
          : {
              minX: a.x - half,
              maxX: a.x + half,
              minY: Math.min(a.y, b.y),
              maxY: Math.max(a.y, b.y),
            },
      );
    }
  }
  return out;
}
