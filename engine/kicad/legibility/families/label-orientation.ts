import { formatPoint } from "../../geometry/point.js";
import { rectInflate, rectsOverlap } from "../../geometry/rect.js";
import { segmentEntersRect } from "../../geometry/segment.js";
import { bodyTouchesRect } from "../body-contact.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";
import { TEXT_BODY_MARGIN_MM, TEXT_TEXT_MARGIN_MM, TEXT_WIRE_MARGIN_MM } from "./text-collision.js";

/**
 * A vertical label reads sideways; when the same label would fit horizontally without hitting
 * a body, a wire it is not on, or another text, it should be drawn horizontally.
 */
export function checkLabelOrientation(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const t of ctx.texts) {
    const label = t.label;
    if (!label || (label.angle !== 90 && label.angle !== 270)) continue;
    const box = label.horizontalBox;
    const hitsBody = ctx.bodyIndex
      .query(box)
      .some((h) => bodyTouchesRect(ctx.bodies[h]!, box, TEXT_BODY_MARGIN_MM));
    if (hitsBody) continue;
    const inner = rectInflate(box, -TEXT_WIRE_MARGIN_MM);
    const hitsWire = ctx.wireIndex
      .query(box)
      .some((h) => !t.attachedWires.has(h) && segmentEntersRect(ctx.wires[h]!, inner, 0));
    if (hitsWire) continue;
    const hitsText = ctx.textIndex
      .query(box)
      .some((i) => ctx.texts[i] !== t && rectsOverlap(box, ctx.texts[i]!.box, TEXT_TEXT_MARGIN_MM));
    if (hitsText) continue;
    out.push({
      at: label.anchor,
      refs: [t.name],
      detail: `${t.name} at ${formatPoint(label.anchor)} is drawn vertically (${label.angle}°) but fits horizontally; rotate it to 0° (or 180°) so it reads left to right`,
    });
  }
  return out;
}
