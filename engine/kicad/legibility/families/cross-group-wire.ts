import { formatPoint, type Point } from "../../geometry/point.js";
import { rectStrictlyContainsPoint } from "../../geometry/rect.js";
import { segmentLength } from "../../geometry/segment.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { describeWire, mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { Group } from "../groups.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * On a drafted sheet, wires stay inside their group and stay short; a connection between
 * groups, or across the page, is a pair of net labels.
 */
export function checkCrossGroupWire(ctx: SheetContext): FindingDraft[] {
  const groups = ctx.groups();
  const netOf = new Map<number, string>();
  for (const t of ctx.texts) {
    if (!t.label) continue;
    for (const w of t.attachedWires) if (!netOf.has(w)) netOf.set(w, t.label.name);
  }
  const groupAt = (p: Point): Group | undefined => {
    // The innermost (smallest) group holding the point, so nested groups are told apart.
    let best: Group | undefined;
    for (const g of groups) {
      if (!rectStrictlyContainsPoint(g.box, p, TOLERANCE_MM)) continue;
      const area = (g.box.maxX - g.box.minX) * (g.box.maxY - g.box.minY);
      const bestArea = best
        ? (best.box.maxX - best.box.minX) * (best.box.maxY - best.box.minY)
        : Infinity;
      if (area < bestArea) best = g;
    }
    return best;
  };

  const out: FindingDraft[] = [];
  ctx.wires.forEach((w, i) => {
    const net = netOf.get(i) ?? "(unlabeled)";
    const ga = groupAt(w.a);
    const gb = groupAt(w.b);
    const mid = { x: (w.a.x + w.b.x) / 2, y: (w.a.y + w.b.y) / 2 };
    if (ga && gb && ga !== gb) {
      out.push({
        at: mid,
        refs: [ga.label, gb.label, net],
        detail: `${describeWire(w)} (net ${net}) runs from group "${ga.label}" to group "${gb.label}"; replace it with a pair of net labels, one in each group`,
      });
      return;
    }
    const length = segmentLength(w);
    if (length > ctx.thresholds.maxWireLength + TOLERANCE_MM) {
      out.push({
        at: mid,
        refs: [ga?.label ?? gb?.label ?? ctx.sheetName, net],
        detail: `${describeWire(w)} (net ${net}) is ${mm(length)} mm long, over ${mm(ctx.thresholds.maxWireLength)} mm; shorten the route or replace it with a net-label pair at ${formatPoint(w.a)} and ${formatPoint(w.b)}`,
      });
    }
  });
  return out;
}
