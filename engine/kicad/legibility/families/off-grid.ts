import { isPointOnGrid, snapPointToGrid } from "../../geometry/grid.js";
import { formatPoint, type Point, roundTo } from "../../geometry/point.js";
import { TOLERANCE_MM } from "../../geometry/tolerance.js";
import { mm } from "../describe.js";
import type { FindingDraft } from "../finding-draft.js";
import type { SheetContext } from "../sheet-context.js";
import { labelItemName } from "../sheet-layout.js";

/**
 * Connection points off the grid: symbol pins, sheet pins, wire ends, label anchors. These are
 * what must coincide for KiCad to connect things (and what reads as aligned); a symbol's origin
 * itself is arbitrary, so a symbol is judged by its pins.
 */
export function checkOffGrid(ctx: SheetContext): FindingDraft[] {
  const pitch = ctx.thresholds.gridPitch;
  const grid = `${mm(pitch)} mm grid`;
  const onGrid = (p: Point) => isPointOnGrid(p, pitch, TOLERANCE_MM);
  const out: FindingDraft[] = [];

  for (const s of ctx.sheet.symbols) {
    const pin = s.pins.find((p) => !onGrid(p));
    if (!pin) continue;
    const target = snapPointToGrid(pin, pitch);
    const moved = {
      x: roundTo(s.at.x + target.x - pin.x, 4),
      y: roundTo(s.at.y + target.y - pin.y, 4),
    };
    const shifted = s.pins.map((p) => ({ x: p.x + target.x - pin.x, y: p.y + target.y - pin.y }));
    const fixable = shifted.every(onGrid);
    out.push({
      at: pin,
      refs: [s.ref],
      detail: fixable
        ? `${s.ref} has a pin at ${formatPoint(pin)}, off the ${grid}; move ${s.ref} from ${formatPoint(s.at)} to ${formatPoint(moved)} so its pins land on the grid`
        : `${s.ref} has a pin at ${formatPoint(pin)}, off the ${grid}, and its pins are not spaced on that grid; replace the symbol with one whose pins are on a ${grid} (or set legibility.thresholds.gridPitch to the library's pitch)`,
    });
  }

  for (const b of ctx.sheet.sheetBlocks) {
    const pin = b.pins.find((p) => !onGrid(p));
    if (!pin) continue;
    out.push({
      at: pin,
      refs: [`sheet "${b.name}"`],
      detail: `sheet "${b.name}" has a sheet pin at ${formatPoint(pin)}, off the ${grid}; move the pin to ${formatPoint(snapPointToGrid(pin, pitch))}`,
    });
  }

  // A wire end shared by several wires is one point to fix, reported once.
  const seen = new Map<string, number>();
  const ends: Point[] = [];
  for (const w of ctx.wires) {
    for (const p of [w.a, w.b]) {
      if (onGrid(p)) continue;
      const key = `${roundTo(p.x, 2)},${roundTo(p.y, 2)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (seen.get(key) === 1) ends.push(p);
    }
  }
  for (const p of ends) {
    const count = seen.get(`${roundTo(p.x, 2)},${roundTo(p.y, 2)}`) ?? 1;
    out.push({
      at: p,
      refs: [ctx.sheetName],
      detail: `${count > 1 ? `${count} wire ends meet` : "a wire ends"} at ${formatPoint(p)}, off the ${grid}; move the end${count > 1 ? "s" : ""} to ${formatPoint(snapPointToGrid(p, pitch))}`,
    });
  }

  for (const label of ctx.sheet.labels) {
    if (onGrid(label.anchor)) continue;
    const name = labelItemName(label);
    out.push({
      at: label.anchor,
      refs: [name],
      detail: `${name} is anchored at ${formatPoint(label.anchor)}, off the ${grid}; move it to ${formatPoint(snapPointToGrid(label.anchor, pitch))}`,
    });
  }
  return out;
}
