import {
  outlineIntersectsRect,
  outlineIntersectsSegment,
  outlinesIntersect,
} from "../geometry/outline.js";
import { type Rect, rectsOverlap } from "../geometry/rect.js";
import { type Segment, segmentEntersRect } from "../geometry/segment.js";
import type { Body } from "./sheet-context.js";

/*
 * Contact with what a body actually draws, not its bounding box: text tucked beside an
 * op-amp's slanted edge, inside the box but clear of the triangle, touches nothing. The box
 * is only the cheap first test.
 */

/** The rectangle (a text box) overlaps the body's strokes or sits inside a closed shape of it. */
export function bodyTouchesRect(body: Body, r: Rect, tolerance: number): boolean {
  return (
    rectsOverlap(body.box, r, tolerance) &&
    body.textOutlines.some((o) => outlineIntersectsRect(o, r, tolerance))
  );
}

/** The wire crosses one of the body's strokes or runs inside a closed shape of it. */
export function bodyCrossesSegment(body: Body, s: Segment, tolerance: number): boolean {
  return (
    segmentEntersRect(s, body.box, tolerance) &&
    body.outlines.some((o) => outlineIntersectsSegment(o, s, tolerance))
  );
}

/** The two bodies' drawings cross or one lies inside the other. */
export function bodiesOverlap(a: Body, b: Body, tolerance: number): boolean {
  return (
    rectsOverlap(a.box, b.box, tolerance) &&
    a.outlines.some((x) => b.outlines.some((y) => outlinesIntersect(x, y, tolerance)))
  );
}
