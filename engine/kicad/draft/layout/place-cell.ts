import { pushAll } from "../../../array-ops.js";
import type { Point } from "../../symbol/geometry.js";
import type { Drawing } from "../drawing.js";
import { snap } from "../drawing.js";
import type { PowerSymbols } from "../power-symbols.js";
import { type Cell, type CellItems, shiftItems } from "./cell-items.js";

/** A drawn unit as a cell: moved into place, wired pins losing their labels, power symbols numbered in drawing order. */
export function itemsCell(
  drawing: {
    items: CellItems;
    box: Cell["box"];
    obstacles: Cell["obstacles"];
    stubEnds: Cell["stubEnds"];
  },
  power: PowerSymbols,
  id?: string,
): Cell {
  return {
    ...(id ? { id } : {}),
    obstacles: drawing.obstacles,
    stubEnds: drawing.stubEnds,
    wires: [
      ...drawing.items.wires,
      ...drawing.items.attachments.flatMap((a) => a.attachment.wires),
    ],
    box: {
      minX: drawing.box.minX - 1.27,
      minY: drawing.box.minY - 1.27,
      maxX: drawing.box.maxX + 1.27,
      maxY: drawing.box.maxY + 1.27,
    },
    place: (origin: Point, wired, numbering = power) => {
      const moved = shiftItems(drawing.items, origin);
      const out: Partial<Drawing> = {
        symbols: [...moved.symbols],
        wires: [...moved.wires],
        junctions: [...moved.junctions],
        labels: [...moved.labels],
        noConnects: [],
      };
      for (const { pin, attachment: a } of moved.attachments) {
        pushAll(out.wires ?? [], a.wires);
        if (!wired.has(pin)) pushAll(out.labels ?? [], a.labels);
        pushAll(out.noConnects ?? [], a.noConnects);
        a.symbols.forEach((s, i) => {
          const value = a.powerValues[i];
          if (!value) return;
          out.symbols?.push(
            numbering.symbol(
              s.key,
              s.libId,
              value.value,
              s.at,
              s.rotation,
              value.valueAt,
              value.justify,
            ),
          );
        });
      }
      return out;
    },
  };
}

export const onGrid = (p: Point): Point => ({ x: snap(p.x, 2.54), y: snap(p.y, 2.54) });
