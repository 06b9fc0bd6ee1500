import { formatPoint, roundTo } from "../../geometry/point.js";
import { isHorizontal, isVertical, type Segment } from "../../geometry/segment.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { describeWire, mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/** Two wires closer than this (two grid steps) run together when printed. */
export const HUG_DISTANCE_MM = 2.54;
/** A side-by-side stretch shorter than a grid step is a pass, not a parallel run. */
const MIN_RUN_MM = 1.27;

/**
 * Two parallel wires (of different nets, or of one) running side by side closer than two
 * grid steps: printed, they read as one thick line, and a reader cannot tell which wire goes
 * where. Wires that meet end to end, or overlap on one line, are joins, not hugs.
 */
export function checkWireHugging(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  ctx.wires.forEach((w, i) => {
    const horizontal = isHorizontal(w, TOLERANCE_MM);
    if (!horizontal && !isVertical(w, TOLERANCE_MM)) return;
    const box = boundsOf(w);
    for (const hit of ctx.wireIndex.query(box, HUG_DISTANCE_MM)) {
      if (hit <= i) continue;
      const o = ctx.wires[hit]!;
      const run = parallelRun(w, o, horizontal);
      if (!run) continue;
      out.push({
        at: run.at,
        refs: [ctx.sheetName],
        detail:
          `${describeWire(w)} and ${describeWire(o)} run side by side ${mm(run.gap)} mm apart ` +
          `for ${mm(run.length)} mm near ${formatPoint(run.at)}; keep parallel wires at least ` +
          `${mm(HUG_DISTANCE_MM)} mm apart (move one a grid step further, or route it another way)`,
      });
    }
  });
  return out;
}

function parallelRun(
  w: Segment,
  o: Segment,
  horizontal: boolean,
): { gap: number; length: number; at: { x: number; y: number } } | undefined {
  if (horizontal ? !isHorizontal(o, TOLERANCE_MM) : !isVertical(o, TOLERANCE_MM)) return undefined;
  const across = (s: Segment) => (horizontal ? s.a.y : s.a.x);
  const along = (s: Segment): [number, number] => {
    const [p, q] = horizontal ? [s.a.x, s.b.x] : [s.a.y, s.b.y];
    return [Math.min(p, q), Math.max(p, q)];
  };
  const gap = Math.abs(across(w) - across(o));
  if (gap <= TOLERANCE_MM || gap >= HUG_DISTANCE_MM - TOLERANCE_MM) return undefined;
  const [a0, a1] = along(w);
  const [b0, b1] = along(o);
  const length = Math.min(a1, b1) - Math.max(a0, b0);
  if (length < MIN_RUN_MM - TOLERANCE_MM) return undefined;
  const mid = roundTo((Math.max(a0, b0) + Math.min(a1, b1)) / 2, 2);
  const at = horizontal ? { x: mid, y: across(w) } : { x: across(w), y: mid };
  return { gap, length, at };
}

function boundsOf(s: Segment) {
  return {
    minX: Math.min(s.a.x, s.b.x),
    minY: Math.min(s.a.y, s.b.y),
    maxX: Math.max(s.a.x, s.b.x),
    maxY: Math.max(s.a.y, s.b.y),
  };
}
