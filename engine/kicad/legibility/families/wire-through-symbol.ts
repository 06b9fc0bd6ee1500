import { formatPoint, samePoint } from "../../geometry/point.js";
import { rectCenter } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { bodyCrossesSegment } from "../body-contact.js";
import { describeBox, describeWire } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * A wire drawn across a symbol body (or sheet block) reads as a connection that is not there.
 * A wire ending on one of that symbol's own pins is exempt: some symbols put pin ends on or
 * inside their outline.
 */
export function checkWireThroughSymbol(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const body of ctx.bodies) {
    for (const hit of ctx.wireIndex.query(body.box)) {
      const w = ctx.wires[hit]!;
      if (!bodyCrossesSegment(body, w, TOLERANCE_MM)) continue;
      const ownPin = body.pins.some(
        (p) => samePoint(p, w.a, TOLERANCE_MM) || samePoint(p, w.b, TOLERANCE_MM),
      );
      if (ownPin) continue;
      out.push({
        at: rectCenter(body.box),
        refs: [body.name],
        detail:
          `${describeWire(w)} runs through the body of ${body.name} at ${formatPoint(body.at)} ` +
          `(${describeBox(body.box)}); route the wire around that box, or move ${body.name} off the wire`,
      });
    }
  }
  return out;
}
