import { pushAll } from "../../array-ops.js";
import type { Footprint } from "../../kicad/footprint/footprint.js";
import { compareCodePoints } from "../../kicad/sexp/sheet-order.js";

export interface FootprintMatch {
  pairs: [Footprint, Footprint][];
  added: Footprint[];
  removed: Footprint[];
}

function place(fp: Footprint): string {
  return `${fp.placement.at.x.toFixed(4)},${fp.placement.at.y.toFixed(4)}`;
}

function byPlace(a: Footprint, b: Footprint): number {
  return (
    a.placement.at.x - b.placement.at.x ||
    a.placement.at.y - b.placement.at.y ||
    compareCodePoints(a.libId, b.libId)
  );
}

/**
 * Footprints paired across revisions by reference. References KiCad leaves unannotated or
 * repeats (`REF**` logos, mounting holes) pair first by footprint and position, then by
 * footprint in position order, so moving one of four identical holes is one move.
 */
export function matchFootprints(
  before: readonly Footprint[],
  after: readonly Footprint[],
): FootprintMatch {
  const group = (list: readonly Footprint[]) => {
    const out = new Map<string, Footprint[]>();
    for (const fp of list) out.set(fp.reference, [...(out.get(fp.reference) ?? []), fp]);
    return out;
  };
  const a = group(before);
  const b = group(after);
  const match: FootprintMatch = { pairs: [], added: [], removed: [] };
  const refs = [...new Set([...a.keys(), ...b.keys()])].sort(compareCodePoints);
  for (const ref of refs) {
    const left = [...(a.get(ref) ?? [])].sort(byPlace);
    const right = [...(b.get(ref) ?? [])].sort(byPlace);
    if (left.length === 1 && right.length === 1) {
      match.pairs.push([left[0]!, right[0]!]);
      continue;
    }
    const take = (accept: (x: Footprint, y: Footprint) => boolean) => {
      for (let i = 0; i < left.length; i++) {
        const j = right.findIndex((y) => accept(left[i]!, y));
        if (j < 0) continue;
        match.pairs.push([left[i]!, right[j]!]);
        left.splice(i--, 1);
        right.splice(j, 1);
      }
    };
    take((x, y) => x.libId === y.libId && place(x) === place(y));
    take((x, y) => x.libId === y.libId);
    take(() => true);
    pushAll(match.removed, left);
    pushAll(match.added, right);
  }
  return match;
}
