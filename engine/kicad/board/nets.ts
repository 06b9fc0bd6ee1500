import type { Footprint } from "../footprint/footprint.js";
import { headOf, numberAt, type SList, textAt } from "../sexp/node.js";

export interface BoardNet {
  readonly number: number;
  readonly name: string;
}

/**
 * The board's nets, number → name, without net 0 ("no net"), sorted by number. KiCad 9 writes
 * a top-level `(net N "name")` table and every demo board has one; without it kicad-cli 9 still
 * loads the board but logs "Invalid net ID" (and KiCad 10 drops the table). Pads carry their
 * net's name too, so pad nets fill in whatever the table lacks.
 */
export function readNets(root: SList, footprints: readonly Footprint[]): BoardNet[] {
  const names = new Map<number, string>();
  for (const item of root.items) {
    if (item.kind !== "list" || headOf(item) !== "net") continue;
    const number = numberAt(item, 1);
    if (number === undefined || number === 0) continue;
    names.set(number, textAt(item, 2) ?? "");
  }
  for (const fp of footprints) {
    for (const pad of fp.pads) {
      if (pad.net && !names.has(pad.net.number)) names.set(pad.net.number, pad.net.name);
    }
  }
  return [...names].sort((a, b) => a[0] - b[0]).map(([number, name]) => ({ number, name }));
}
