import type { Point } from "../geometry/point.js";

/** What a family check returns: the finding before kind, severity and sheet are stamped on. */
export interface FindingDraft {
  at: Point;
  refs: string[];
  detail: string;
}
