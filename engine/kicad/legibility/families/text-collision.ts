import { formatPoint, roundTo } from "../../geometry/point.js";
import {
  overlapX,
  overlapY,
  type Rect,
  rectCenter,
  rectInflate,
  rectsOverlap,
} from "../../geometry/rect.js";
import { segmentBounds, segmentEntersRect } from "../../geometry/segment.js";
import { bodyTouchesRect } from "../body-contact.js";
import { describeWire, mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import { moveDirection, separatingMove } from "../separation.js";
import type { SheetContext, TextItem } from "../sheet-context.js";

/**
 * How far a wire must reach into a text box before it reads as crossing the text. KiCad's text
 * box includes the stroke's half-width and room for descenders; a wire grazing that margin
 * does not touch a glyph.
 */
export const TEXT_WIRE_MARGIN_MM = 0.15;
/** Text reaching into a body's stroke by less than this reads as touching, not covering it. */
export const TEXT_BODY_MARGIN_MM = 0.15;
/**
 * Two texts overlapping by less than this read as touching, not colliding: KiCad's own stacks
 * of global labels at 2.54 mm pitch share their outlines' pen width (0.15 mm).
 */
export const TEXT_TEXT_MARGIN_MM = 0.2;

/**
 * Text drawn over things: (a) a field, free text, sheet name or label over a body it does not
 * belong to; (b) over a wire it is not attached to; (c) two texts over each other. Each text
 * reports at most one body finding and one wire finding (naming every body or the first wire
 * hit) so one misplaced text is one or two lines to fix, not ten.
 */
export function checkTextCollision(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  const grid = ctx.thresholds.gridPitch;

  for (const t of ctx.texts) {
    const hits = ctx.bodyIndex
      .query(t.box)
      .map((h) => ctx.bodies[h]!)
      .filter((b) => b.name !== t.ownerBody && bodyTouchesRect(b, t.box, TEXT_BODY_MARGIN_MM));
    if (hits.length > 0) {
      const first = hits[0]!;
      const d = separatingMove(first.box, t.box, grid / 2, grid / 2);
      out.push({
        at: t.anchor,
        refs: [t.name, ...hits.map((b) => b.name)],
        detail:
          `${describeText(t)} overlaps the body of ${hits.map((b) => `${b.name} at ${formatPoint(b.at)}`).join(", ")}; ` +
          `move the text clear, e.g. ${mm(Math.abs(d.x + d.y))} mm ${moveDirection(d)} to ${formatPoint(shift(t.anchor, d))}`,
      });
    }

    const inner = rectInflate(t.box, -TEXT_WIRE_MARGIN_MM);
    const wire = ctx.wireIndex
      .query(t.box)
      .find((h) => !t.attachedWires.has(h) && segmentEntersRect(ctx.wires[h]!, inner, 0));
    if (wire !== undefined) {
      const w = ctx.wires[wire]!;
      const d = separatingMove(segmentBounds(w), t.box, grid / 2, grid / 2);
      out.push({
        at: t.anchor,
        refs: [t.name],
        detail:
          `${describeText(t)} is crossed by ${describeWire(w)}, which it is not attached to; ` +
          `move the text off the wire, e.g. ${mm(Math.abs(d.x + d.y))} mm ${moveDirection(d)} to ${formatPoint(shift(t.anchor, d))}, or reroute the wire`,
      });
    }
  }

  ctx.texts.forEach((a, i) => {
    for (const hit of ctx.textIndex.query(a.box)) {
      if (hit <= i) continue;
      const b = ctx.texts[hit]!;
      if (!rectsOverlap(a.box, b.box, TEXT_TEXT_MARGIN_MM)) continue;
      // The same text drawn twice on the same spot reads as one.
      if (a.text === b.text && sameBox(a.box, b.box)) continue;
      const d = separatingMove(a.box, b.box, grid / 2, grid / 2);
      out.push({
        at: rectCenter(a.box),
        refs: [a.name, b.name],
        detail:
          `${describeText(a)} and ${describeText(b)} overlap ` +
          `(${mm(overlapX(a.box, b.box))} × ${mm(overlapY(a.box, b.box))} mm); ` +
          `move ${b.name} ${mm(Math.abs(d.x + d.y))} mm ${moveDirection(d)} to ${formatPoint(shift(b.anchor, d))}`,
      });
    }
  });
  return out;
}

function sameBox(a: Rect, b: Rect): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= TEXT_TEXT_MARGIN_MM;
  return (
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.maxX, b.maxX) && close(a.maxY, b.maxY)
  );
}

function describeText(t: TextItem): string {
  return `${t.describe()} at ${formatPoint(t.anchor)}`;
}

function shift(p: { x: number; y: number }, d: { x: number; y: number }) {
  return { x: roundTo(p.x + d.x, 4), y: roundTo(p.y + d.y, 4) };
}
