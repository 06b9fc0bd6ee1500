import type { Evidence } from "../../engine/flow/evidence.js";
import type { Board } from "../../engine/kicad/board/board.js";
import { footprintsOutsideOutline } from "../../engine/kicad/board/footprints-outside-outline.js";
import { annotationOf, type SchematicHierarchy } from "../../engine/kicad/schematic/hierarchy.js";

const listed = (items: readonly string[]) =>
  items.length > 8
    ? `${items.slice(0, 8).join(", ")} and ${items.length - 8} more`
    : items.join(", ");

/** The schematic's parts that belong on the board: not power symbols, not `on_board no`. */
export function boardParts(hierarchy: SchematicHierarchy): string[] {
  const refs = new Set<string>();
  for (const instance of hierarchy.instances)
    for (const symbol of instance.schematic.symbols) {
      const { reference } = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || reference.startsWith("#") || !symbol.onBoard) continue;
      refs.add(reference);
    }
  return [...refs].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

/** Every schematic part has a footprint of the same reference on the board. */
export function footprintsPlaced(
  hierarchy: SchematicHierarchy,
  board: Board,
  boardPath: string,
): Evidence {
  const check = "footprints-placed";
  const wanted = boardParts(hierarchy);
  const onBoard = new Set(board.footprints.map((f) => f.reference));
  const missing = wanted.filter((ref) => !onBoard.has(ref));
  if (wanted.length === 0)
    return { check, ok: false, detail: "the schematic has no part to place" };
  return missing.length === 0
    ? {
        check,
        ok: true,
        detail: `all ${wanted.length} schematic part(s) have a footprint on ${boardPath}`,
      }
    : {
        check,
        ok: false,
        detail: `${missing.length} of ${wanted.length} schematic part(s) have no footprint on ${boardPath}: ${listed(missing)}`,
      };
}

/** The outline is closed and every footprint sits inside it (by courtyard, else origin and pads). */
export function footprintsInside(board: Board, boardPath: string): Evidence {
  const check = "footprints-inside-outline";
  const broken = board.outline.findings;
  if (board.outline.loops.length === 0 || broken.length > 0) {
    return {
      check,
      ok: false,
      detail:
        broken.length > 0
          ? broken
              .map((f) => f.detail)
              .slice(0, 2)
              .join("; ")
          : `${boardPath} has no closed Edge.Cuts outline`,
    };
  }
  const outside = footprintsOutsideOutline(board.outline, board.footprints);
  return outside.length === 0
    ? { check, ok: true, detail: `${board.footprints.length} footprint(s) inside the outline` }
    : {
        check,
        ok: false,
        detail: `${outside.length} footprint(s) outside the outline: ${listed(outside.flatMap((f) => f.refs))}`,
      };
}
