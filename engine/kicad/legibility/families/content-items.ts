import type { Rect } from "../../geometry/rect.js";
import { describeWire } from "../describe.js";
import type { SheetContext } from "../sheet-context.js";

/** One drawn thing for the page checks: what it is called and the box it occupies. */
export interface ContentItem {
  /** How refs name it: a refdes, a text owner, `group "Power"`, or the sheet path for a wire. */
  ref: string;
  /** How details name it (computed only for what is reported). */
  describe(): string;
  box: Rect;
  /** For texts: the body they belong to (not reported again when that body is). */
  ownerBody?: string | undefined;
  /** Free text: a note written into the title block's blank area is a title-block entry. */
  freeText?: boolean;
}

/** Bodies, texts and labels, wires and group rectangles, in that order. */
export function contentItems(ctx: SheetContext): ContentItem[] {
  const items: ContentItem[] = [];
  for (const b of ctx.bodies) items.push({ ref: b.name, describe: () => b.name, box: b.box });
  for (const t of ctx.texts) {
    items.push({
      ref: t.name,
      describe: t.describe,
      box: t.box,
      ownerBody: t.ownerBody,
      freeText: t.ownerBody === undefined && t.label === undefined,
    });
  }
  ctx.wires.forEach((w, i) => {
    items.push({ ref: ctx.sheetName, describe: () => describeWire(w), box: ctx.wireIndex.rect(i) });
  });
  for (const g of ctx.groups()) {
    const name = `group "${g.label}"`;
    items.push({ ref: name, describe: () => name, box: g.box });
  }
  return items;
}
