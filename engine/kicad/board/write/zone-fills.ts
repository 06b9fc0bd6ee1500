import { atom, childText, headOf, list, type SList, type SNode } from "../../sexp/node.js";
import type { FilledPolygon } from "./board-model.js";
import { filledPolygonTree } from "./board-tree.js";

/**
 * A board tree (any board's, as parsed) with the fills of its zones replaced: each top-level
 * zone whose uuid has an entry loses the filled polygons it had, gains the new ones after its
 * outline, and is marked filled (`(fill yes …)`), as pcbnew stores a zone after filling it.
 * Every other node stays as parsed. Returns how many zones got a fill.
 */
export function withZoneFills(
  board: SList,
  fills: ReadonlyMap<string, readonly FilledPolygon[]>,
): { tree: SList; zones: number } {
  let zones = 0;
  const items = board.items.map((item): SNode => {
    if (item.kind !== "list" || headOf(item) !== "zone") return item;
    const uuid = childText(item, "uuid") ?? childText(item, "tstamp");
    const fill = uuid === undefined ? undefined : fills.get(uuid);
    if (fill === undefined) return item;
    zones++;
    const kept = item.items.filter(
      (z) =>
        !(z.kind === "list" && (headOf(z) === "filled_polygon" || headOf(z) === "filled_segments")),
    );
    return list([...kept.map(markFilled), ...fill.map(filledPolygonTree)]);
  });
  return { tree: list(items), zones };
}

function markFilled(item: SNode): SNode {
  if (item.kind !== "list" || headOf(item) !== "fill") return item;
  const [head, first, ...rest] = item.items;
  if (first?.kind === "atom" && first.text === "yes") return item;
  // `(fill no …)` or `(fill (mode …) …)`: pcbnew writes `yes` first once the zone is filled.
  const others = first?.kind === "atom" && first.text === "no" ? rest : [first, ...rest];
  return list([head as SNode, atom("yes"), ...others.filter((n): n is SNode => n !== undefined)]);
}
