import { compareRefs } from "../kicad/drift/sort-refs.js";
import { compareCodePoints } from "../kicad/sexp/sheet-order.js";
import type { BoardChange, SchematicChange } from "./diff-report.js";

type Change = SchematicChange | BoardChange;

/** Kinds in reading order: structure first, then parts, then connectivity. */
const KIND_ORDER: readonly Change["kind"][] = [
  "sheet-added",
  "sheet-removed",
  "sheet-renamed",
  "part-added",
  "part-removed",
  "reference-changed",
  "value-changed",
  "footprint-changed",
  "symbol-changed",
  "mpn-changed",
  "field-changed",
  "units-changed",
  "attribute-changed",
  "part-sheet-changed",
  "net-renamed",
  "net-added",
  "net-removed",
  "pin-moved",
  "footprint-added",
  "footprint-removed",
  "footprint-swapped",
  "footprint-value-changed",
  "footprint-moved",
  "footprint-rotated",
  "footprint-flipped",
  "board-net-renamed",
  "pad-net-changed",
  "tracks-changed",
  "vias-changed",
  "zones-changed",
  "outline-changed",
];

/** What a change is about, for ordering: [primary, secondary], compared naturally. */
function keysOf(change: Change): [string, string] {
  switch (change.kind) {
    case "sheet-added":
    case "sheet-removed":
      return [change.path, ""];
    case "sheet-renamed":
    case "net-renamed":
    case "board-net-renamed":
      return [change.before, change.after];
    case "net-added":
    case "net-removed":
    case "tracks-changed":
    case "vias-changed":
    case "zones-changed":
      return [change.net, ""];
    case "outline-changed":
      return ["", ""];
    case "pin-moved":
      return [change.ref, change.pin];
    case "pad-net-changed":
      return [change.ref, change.pad];
    case "field-changed":
    case "mpn-changed":
      return [change.ref, change.field];
    case "attribute-changed":
      return [change.ref, change.attribute];
    default:
      return [change.ref, ""];
  }
}

/** Sorts changes into the one order every output uses (byte-stable reports). */
export function sortChanges<T extends Change>(changes: readonly T[]): T[] {
  const rank = new Map(KIND_ORDER.map((kind, i) => [kind, i]));
  return [...changes].sort((x, y) => {
    const byKind = rank.get(x.kind)! - rank.get(y.kind)!;
    if (byKind !== 0) return byKind;
    const [x1, x2] = keysOf(x);
    const [y1, y2] = keysOf(y);
    return (
      compareRefs(x1, y1) ||
      compareCodePoints(x1, y1) ||
      compareRefs(x2, y2) ||
      compareCodePoints(x2, y2) ||
      compareCodePoints(JSON.stringify(x), JSON.stringify(y))
    );
  });
}
