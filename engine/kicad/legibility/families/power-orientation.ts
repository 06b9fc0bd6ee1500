import { formatPoint } from "../../geometry/point.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * A power port turned away from the way its library draws it: a ground pointing up or
 * sideways, a rail arrow pointing down or sideways. Readers find supplies at the top and
 * ground at the bottom by these arrows; a turned one reads as the opposite rail.
 */
export function checkPowerOrientation(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const s of ctx.sheet.symbols) {
    const p = s.pointing;
    if (!s.power || !p || p.placed === p.library) continue;
    const what = p.library === "down" ? "ground" : p.library === "up" ? "supply" : "power";
    out.push({
      at: s.at,
      refs: [s.ref],
      detail:
        `${s.ref} (${what} port ${s.value}) at ${formatPoint(s.at)} points ${p.placed}; ` +
        `draw it pointing ${p.library} as its library does (rotation 0, not mirrored), ` +
        `${p.library === "down" ? "hanging below the pin it grounds" : "above the pin it feeds"}`,
    });
  }
  return out;
}
