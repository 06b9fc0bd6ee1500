import { distance, formatPoint } from "../../geometry/point.js";
import { isAutoNetName } from "../auto-net-name.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext, TextItem } from "../sheet-context.js";
import { pointKey, wireNets } from "../wire-nets.js";

const localLabels = (ctx: SheetContext) =>
  ctx.texts.filter(
    (t): t is TextItem & { label: NonNullable<TextItem["label"]> } =>
      !!t.label && t.label.kind === "local",
  );

/**
 * A local label no other label of the sheet shares, written on a wire that ends at it (a
 * dead-end stub) or on nothing at all: it joins nothing, so it only adds a name where the
 * wire already shows the connection — or leads the reader to look for a partner that is not
 * there. A label naming a wire between parts (an ordinary net name) is not a stub and passes.
 */
export function checkLabelLeadsNowhere(ctx: SheetContext): FindingDraft[] {
  const labels = localLabels(ctx);
  const count = new Map<string, number>();
  for (const t of labels) count.set(t.label.name, (count.get(t.label.name) ?? 0) + 1);
  const nets = wireNets(ctx);
  const out: FindingDraft[] = [];
  for (const t of labels) {
    if ((count.get(t.label.name) ?? 0) > 1) continue;
    // At the anchor: the label itself, plus each wire end, pin, sheet pin or other label.
    const here = nets.endsAt.get(pointKey(t.label.anchor)) ?? 0;
    const onWireMiddle = [...t.attachedWires].some((w) => {
      const s = ctx.wires[w]!;
      return (
        pointKey(s.a) !== pointKey(t.label.anchor) && pointKey(s.b) !== pointKey(t.label.anchor)
      );
    });
    const deadEnd = !onWireMiddle && here <= 2;
    if (!deadEnd) continue;
    out.push({
      at: t.label.anchor,
      refs: [t.name],
      detail:
        `${t.describe()} at ${formatPoint(t.label.anchor)} ends a wire stub and no other label on the sheet is named ` +
        `${t.label.name}; it connects nothing — remove it (and its stub), or put the name on the wire it belongs to`,
    });
  }
  return out;
}

/** Two labels of one name on one wire closer than this read as a stutter. */
export const DUPLICATE_NEAR_MM = 25.4;

/**
 * The same label written twice on one drawn wire, near each other: the second says nothing
 * the first did not.
 */
export function checkDuplicateLabel(ctx: SheetContext): FindingDraft[] {
  const nets = wireNets(ctx);
  const seen = new Map<string, TextItem>();
  const out: FindingDraft[] = [];
  for (const t of ctx.texts) {
    if (!t.label || t.label.kind === "hierarchical") continue;
    for (const w of t.attachedWires) {
      const key = `${t.label.kind}\u0000${t.label.name}\u0000${nets.group[w]}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, t);
        continue;
      }
      if (first === t) continue;
      // A long wire labelled at both ends is a habit; two of one name side by side is noise.
      if (distance(first.anchor, t.anchor) > DUPLICATE_NEAR_MM) {
        seen.set(key, t);
        continue;
      }
      out.push({
        at: t.label.anchor,
        refs: [t.name],
        detail:
          `${t.describe()} at ${formatPoint(t.label.anchor)} repeats the label at ${formatPoint(first.anchor)} ` +
          `on the same wire; remove one of them`,
      });
      break;
    }
  }
  return out;
}

/** A label printing KiCad's invented name (`Net-(U1A-K)`): name the net, or draw the wire. */
export function checkAutoNamedLabel(ctx: SheetContext): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const t of ctx.texts) {
    if (!t.label || !isAutoNetName(t.label.name)) continue;
    out.push({
      at: t.label.anchor,
      refs: [t.name],
      detail:
        `${t.describe()} at ${formatPoint(t.label.anchor)} prints an automatic net name; ` +
        `draw the connection as a wire, or give the net a name a reader knows (its function: IN, FB, CATHODE…)`,
    });
  }
  return out;
}
