import { type Outline, outlineIntersectsRect } from "../../geometry/outline.js";
import { formatPoint } from "../../geometry/point.js";
import { type Rect, rectsOverlap } from "../../geometry/rect.js";
import { RectIndex } from "../../geometry/rect-index.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext, TextItem } from "../sheet-context.js";
import type { LayoutSymbol, LayoutText } from "../sheet-layout.js";
import { TEXT_BODY_MARGIN_MM, TEXT_TEXT_MARGIN_MM } from "./text-collision.js";

/**
 * The smallest gap a reader needs between two texts: a pen width. Texts closer than this run
 * together ("PWR_FLAGGND"), which text-collision lets pass as touching.
 */
export const TEXT_GAP_MM = TOLERANCE_MM;

/**
 * What a reviewer reads as text drawn on text that text-collision does not see: a text over a
 * power port's drawing; a text over a pin's number or name (its own part's included — a value
 * over its own pin numbers hides them); a field over its own body's outline (a value written
 * on the IC's border or inside a resistor); two texts that touch with no gap. One finding per
 * text, naming everything it touches.
 */
export function checkTextTouching(ctx: SheetContext): FindingDraft[] {
  const ports = ctx.sheet.symbols.filter((s) => s.power && s.outlines.length > 0);
  const portIndex = new RectIndex(12.7);
  for (const p of ports) portIndex.add(p.body ?? emptyAt(p));
  const pinTexts: LayoutText[] = ctx.sheet.symbols.flatMap((s) => s.pinTexts ?? []);
  const pinIndex = new RectIndex(12.7);
  for (const t of pinTexts) pinIndex.add(t.box);
  // A field inside its own body (a value written in a resistor, a name in an IC) is a style;
  // one crossing the body's strokes is drawn on the outline and hides both.
  const ownStrokes = new Map(
    ctx.bodies
      .filter((b) => !b.name.startsWith("sheet "))
      .map((b) => [b.name, b.outlines.map(strokesOnly)] as const),
  );

  const out: FindingDraft[] = [];
  ctx.texts.forEach((t, i) => {
    const touched: string[] = [];
    for (const hit of portIndex.query(t.box)) {
      const port = ports[hit]!;
      if (t.ownerBody === port.ref) continue;
      if (port.outlines.some((o) => outlineIntersectsRect(o, t.box, TEXT_BODY_MARGIN_MM)))
        touched.push(`the ${port.value} port ${port.ref}`);
    }
    for (const hit of pinIndex.query(t.box)) {
      const pin = pinTexts[hit]!;
      if (rectsOverlap(pin.box, t.box, TEXT_BODY_MARGIN_MM))
        touched.push(`${pin.owner} "${pin.text}"`);
    }
    const own = t.ownerBody ? ownStrokes.get(t.ownerBody) : undefined;
    if (own?.some((o) => outlineIntersectsRect(o, t.box, TEXT_BODY_MARGIN_MM)))
      touched.push(`its own body's outline`);
    for (const hit of ctx.textIndex.query(t.box, TEXT_GAP_MM)) {
      if (hit <= i) continue;
      const other = ctx.texts[hit]!;
      if (!touchingOnly(t, other)) continue;
      if (stacked(t, other)) continue;
      touched.push(other.describe());
    }
    if (touched.length === 0) return;
    out.push({
      at: t.anchor,
      refs: [t.name],
      detail:
        `${t.describe()} at ${formatPoint(t.anchor)} is drawn on ${touched.slice(0, 3).join(", ")}` +
        `${touched.length > 3 ? ` and ${touched.length - 3} more` : ""}; ` +
        `move it clear (a reader needs a gap around every text), or move what it touches`,
    });
  });
  return out;
}

/** Two texts whose boxes meet or overlap by less than text-collision's margin. */
function touchingOnly(a: TextItem, b: TextItem): boolean {
  return (
    rectsOverlap(a.box, b.box, -TEXT_GAP_MM) && !rectsOverlap(a.box, b.box, TEXT_TEXT_MARGIN_MM)
  );
}

/**
 * Labels stacked on a common edge (a column of global labels at 2.54 mm, as KiCad users draw
 * buses) share their outline's pen by design; the same text drawn twice reads as one.
 */
function stacked(a: TextItem, b: TextItem): boolean {
  if (a.text === b.text) return true;
  if (!a.label || !b.label) return false;
  return (
    Math.abs(a.anchor.x - b.anchor.x) <= TOLERANCE_MM ||
    Math.abs(a.anchor.y - b.anchor.y) <= TOLERANCE_MM
  );
}

/** The outline's strokes, with no inside: a closed shape as the polyline around it. */
function strokesOnly(o: Outline): Outline {
  return o.closed ? { points: [...o.points, o.points[0]!], closed: false } : o;
}

function emptyAt(s: LayoutSymbol): Rect {
  return { minX: s.at.x, minY: s.at.y, maxX: s.at.x, maxY: s.at.y };
}
