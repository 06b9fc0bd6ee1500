import { formatPoint } from "../../geometry/point.js";
import { properCrossing } from "../../geometry/segment.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { describeWire } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";
import { pointKey, wireNets } from "../wire-nets.js";

/**
 * Two wires of the same net crossing with no junction: the reader sees either a connection
 * that is not drawn (no dot) or a loop that crosses itself — the follower wire drawn across
 * its own input line. Wires of different nets crossing is ordinary and left to the score.
 */
export function checkSameNetCrossing(ctx: SheetContext): FindingDraft[] {
  const nets = wireNets(ctx);
  const junctions = new Set((ctx.sheet.junctions ?? []).map(pointKey));
  const out: FindingDraft[] = [];
  ctx.wires.forEach((w, i) => {
    for (const hit of ctx.wireIndex.query({
      minX: Math.min(w.a.x, w.b.x),
      minY: Math.min(w.a.y, w.b.y),
      maxX: Math.max(w.a.x, w.b.x),
      maxY: Math.max(w.a.y, w.b.y),
    })) {
      if (hit <= i || nets.net[hit] !== nets.net[i]) continue;
      const other = ctx.wires[hit]!;
      const at = properCrossing(w, other, TOLERANCE_MM);
      if (!at || junctions.has(pointKey(at))) continue;
      out.push({
        at,
        refs: [ctx.sheetName],
        detail:
          `${describeWire(w)} crosses ${describeWire(other)} of the same net at ${formatPoint(at)} ` +
          `without a junction; route one of them so the net does not cross itself ` +
          `(or join them there with a junction if that is the connection meant)`,
      });
    }
  });
  return out;
}
