import { formatPoint } from "../../geometry/point.js";
import { matchingHeading } from "../caption-vocabulary.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";

/**
 * A group rectangle must say what it is: a caption in its top band, naming a subsystem the
 * docs know (docs/SUBSYSTEMS.md or docs/BOM.md headings), when those docs exist.
 */
export function checkUnlabeledGroup(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const g of ctx.groups()) {
    const corner = { x: g.box.minX, y: g.box.minY };
    if (g.caption === undefined) {
      out.push({
        at: corner,
        refs: [g.label],
        detail: `${g.label} (the rectangle at ${formatPoint(corner)}) has no caption in its top band; add a caption naming its subsystem as left/top-justified text just inside its top-left corner`,
      });
      continue;
    }
    const vocabulary = ctx.vocabulary;
    if (!vocabulary || matchingHeading(g.caption, vocabulary)) continue;
    const known = vocabulary.headings
      .slice(0, 5)
      .map((h) => `"${h}"`)
      .join(", ");
    out.push({
      at: corner,
      refs: [g.caption],
      detail: `group caption "${g.caption}" at ${formatPoint(corner)} names no subsystem in docs/SUBSYSTEMS.md or docs/BOM.md; use a documented name (e.g. ${known}) or add the subsystem to docs/SUBSYSTEMS.md`,
    });
  }
  return out;
}
