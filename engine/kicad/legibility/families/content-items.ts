import type { Rect } from "../../geometry/rect.js";
import { segmentBounds } from "../../geometry/segment.js";
import { describeWire } from "../describe.js";
import type { SheetContext } from "../sheet-context.js";

/** One drawn thing for the page checks: what it is called and the box it occupies. */
export interface ContentItem {
  /** How refs name it: a refdes, a text owner, `group "Power"`, or the sheet path for a wire. */
  ref: string;
  /** How details name it. */
  description: string;
  box: Rect;
  /** For texts: the body they belong to (not reported again when that body is). */
  ownerBody?: string | undefined;
}

/** Bodies, texts and labels, wires and group rectangles, in that order. */
export function contentItems(ctx: SheetContext): ContentItem[] {
  const items: ContentItem[] = [];
  for (const b of ctx.bodies) items.push({ ref: b.name, description: b.name, box: b.box });
  for (const t of ctx.texts) {
    items.push({ ref: t.name, description: t.description, box: t.box, ownerBody: t.ownerBody });
  }
  for (const w of ctx.wires) {
    items.push({ ref: ctx.sheetName, description: describeWire(w), box: segmentBounds(w) });
  }
  for (const g of ctx.groups()) {
    items.push({ ref: `group "${g.label}"`, description: `group "${g.label}"`, box: g.box });
  }
  return items;
}
