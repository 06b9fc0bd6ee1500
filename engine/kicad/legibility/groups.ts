import { type Rect, rectHeight, rectStrictlyContainsPoint } from "../geometry/rect.js";
import { TOLERANCE_MM } from "../geometry/tolerance.js";
import type { SheetLayout } from "./sheet-layout.js";

/**
 * A group: a sheet-level rectangle, which copperhead's engine draws around the parts of one
 * subsystem, captioned by a free text in its top band.
 */
export interface Group {
  /** 1-based, in file order. */
  index: number;
  box: Rect;
  caption: string | undefined;
  /** The caption, or `group#<index>` for an uncaptioned rectangle. */
  label: string;
}

/** A caption sits in the top quarter of its rectangle, and never lower than 10 mm from the top. */
const CAPTION_BAND_FRACTION = 0.25;
const CAPTION_BAND_MAX_MM = 10;

export function findGroups(sheet: SheetLayout): Group[] {
  return sheet.rectangles.map((box, i) => {
    const band = Math.min(rectHeight(box) * CAPTION_BAND_FRACTION, CAPTION_BAND_MAX_MM);
    const caption = sheet.texts
      .find(
        (t) =>
          t.ownerRef === undefined &&
          t.text.trim() !== "" &&
          rectStrictlyContainsPoint(box, t.anchor, TOLERANCE_MM) &&
          t.anchor.y <= box.minY + band + TOLERANCE_MM,
      )
      ?.text.trim();
    return { index: i + 1, box, caption, label: caption ?? `group#${i + 1}` };
  });
}
