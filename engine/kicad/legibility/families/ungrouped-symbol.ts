import { formatPoint } from "../../geometry/point.js";
import { rectContains, rectGap } from "../../geometry/rect.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/** On a drafted sheet every part belongs to a captioned group rectangle (its subsystem). */
export function checkUngroupedSymbol(ctx: SheetContext): FindingDraft[] {
  const groups = ctx.groups();
  const out: FindingDraft[] = [];
  for (const s of ctx.sheet.symbols) {
    if (s.power) continue;
    const body = ctx.bodies.find((b) => b.name === s.ref);
    if (!body) continue;
    if (groups.some((g) => rectContains(g.box, body.box, TOLERANCE_MM))) continue;
    let nearest: { label: string; gap: number } | undefined;
    for (const g of groups) {
      const gap = rectGap(g.box, body.box);
      if (!nearest || gap < nearest.gap) nearest = { label: g.label, gap };
    }
    out.push({
      at: s.at,
      refs: [s.ref],
      detail: nearest
        ? `${s.ref} at ${formatPoint(s.at)} is not inside any group rectangle; the nearest is group "${nearest.label}" (${mm(nearest.gap)} mm away): assign ${s.ref} to its subsystem's group and redraft`
        : `${s.ref} at ${formatPoint(s.at)} is not inside any group rectangle and the sheet has none; give every part a subsystem group and redraft, so each group is drawn as a captioned rectangle`,
    });
  }
  return out;
}
