import { maxOf } from "../../../array-ops.js";
import type { Point } from "../../symbol/geometry.js";
import type { Drawing } from "../drawing.js";
import { snap } from "../drawing.js";
import { localWires, signalFlowOrder } from "../local-wiring.js";
import { textWidth } from "../pin-attachments.js";
import type { PowerSymbols } from "../power-symbols.js";
import type { ResolvedIntent, ResolvedPart } from "../resolved-intent.js";
import { type Cell, emptyDrawing, merge, shift } from "./cell-items.js";
import { isConnector } from "./is-connector.js";
import { crowdedOwners } from "./text-audit.js";

const CELL_GAP = 5.08;
const GROUP_PAD = 5.08;
const CAPTION_BAND = 7.62;
/** The owner the group's text audit gives the local router's wires and labels. */
export const WIRING = "wiring";
/** How far a 1.27 mm label's ink reaches above its anchor (engine/kicad/text). */
const LABEL_INK = 1.9;

/** Rows of cells wrap past this width unless the paper needs lower groups. */
export const MAX_GROUP_WIDTH = 160;

export interface GroupBlock {
  name: string;
  width: number;
  height: number;
  place(origin: Point): Partial<Drawing>;
  /**
   * The cells (by `Cell.id`) whose texts collide with something once the group is wired, and
   * `WIRING` when the router's own labels do: they are drawn again more carefully. Power
   * symbols are numbered by `scratch`.
   */
  crowded(scratch: PowerSymbols): Set<string>;
}

/**
 * Connectors at the group's edges: the group's first connector (in intent order) is where its
 * signals come in, drawn first (left); any further connectors are where they leave, drawn last
 * (right). Everything else keeps signal-flow order in between.
 */
export function edgeOrder(members: readonly ResolvedPart[]): ResolvedPart[] {
  const first = members.find(isConnector);
  const rest = members.filter((m) => m !== first && !isConnector(m));
  const outputs = members.filter((m) => m !== first && isConnector(m));
  return [...(first ? [first] : []), ...rest, ...outputs];
}

/** Members of a group in the order their cells are laid out. */
export function groupMembers(resolved: ResolvedIntent, group: string): ResolvedPart[] {
  return edgeOrder(
    signalFlowOrder(
      resolved,
      [...resolved.parts.values()].filter((p) => p.part.group === group),
    ),
  );
}

/** A captioned box holding the group's cells in rows (wrapping at a maximum width), local wires and notes. */
export function groupBlock(
  resolved: ResolvedIntent,
  group: string,
  cells: readonly Cell[],
  /** Rows wrap past this width (mm); wider rows make a lower group (see SheetLayout.draw). */
  maxRowWidth = MAX_GROUP_WIDTH,
  /** Route with each label's full ink height kept clear (the group found its labels touching). */
  exactLabels = false,
): GroupBlock {
  const notes = (resolved.intent.notes ?? []).filter(
    (n) => n.group?.toLowerCase() === group.toLowerCase(),
  );
  const placed: { cell: Cell; at: Point }[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  // A cell wider than the usual row (a big IC with its hung parts) widens every row: the group is
  // that wide anyway, and narrow rows under it would only make it taller.
  const rowWidth = Math.max(maxRowWidth, maxOf(cells.map((c) => c.box.maxX - c.box.minX)));
  for (const cell of cells) {
    const w = cell.box.maxX - cell.box.minX;
    const h = cell.box.maxY - cell.box.minY;
    if (x > 0 && x + w > rowWidth) {
      x = 0;
      y += rowHeight + CELL_GAP;
      rowHeight = 0;
    }
    placed.push({
      cell,
      at: { x: snap(x - cell.box.minX, 2.54), y: snap(y - cell.box.minY, 2.54) },
    });
    x += w + CELL_GAP;
    width = Math.max(width, x - CELL_GAP);
    rowHeight = Math.max(rowHeight, h);
  }
  let contentHeight = y + rowHeight;
  // Wires stay inside the group's padding, so they never leave its rectangle.
  const { wired, ...wiring } = localWires(
    resolved,
    group,
    placed,
    {
      minX: -2.54,
      minY: -2.54,
      maxX: snap(width + 2.54, 2.54),
      maxY: snap(contentHeight + 2.54, 2.54),
    },
    exactLabels ? LABEL_INK : undefined,
  );
  const noteLines = notes.map((n) => n.text.split("\n"));
  const noteTop = contentHeight + CELL_GAP;
  for (const lines of noteLines) {
    contentHeight += CELL_GAP + lines.length * 2.54;
    width = Math.max(width, maxOf(lines.map((l) => textWidth(l))));
  }
  width = Math.max(width, textWidth(group) * 1.6);
  const boxWidth = snap(width + 2 * GROUP_PAD + 2.54, 2.54);
  const boxHeight = snap(contentHeight + 2 * GROUP_PAD + CAPTION_BAND, 2.54);
  return {
    name: group,
    width: boxWidth,
    height: boxHeight,
    crowded: (scratch) =>
      crowdedOwners(
        resolved,
        [
          { owner: WIRING, drawing: wiring },
          ...placed.map(({ cell, at }) => ({
            owner: cell.id,
            drawing: cell.place(at, wired, scratch),
          })),
        ],
        (libId, rotation) => scratch.rails.graphic(libId, rotation),
      ),
    place: (origin) => {
      const out = emptyDrawing();
      const inner = { x: origin.x + GROUP_PAD, y: origin.y + GROUP_PAD + CAPTION_BAND };
      for (const w of wiring.wires)
        out.wires.push({ ...w, a: shift(w.a, inner), b: shift(w.b, inner) });
      for (const j of wiring.junctions) out.junctions.push(shift(j, inner));
      for (const l of wiring.labels) out.labels.push({ ...l, at: shift(l.at, inner) });
      for (const { cell, at } of placed)
        merge(
          out,
          cell.place({ x: snap(inner.x + at.x, 2.54), y: snap(inner.y + at.y, 2.54) }, wired),
        );
      out.rects.push({
        name: group,
        start: origin,
        end: { x: origin.x + boxWidth, y: origin.y + boxHeight },
      });
      out.texts.push({
        key: `caption/${group}`,
        text: group,
        at: { x: origin.x + 2.54, y: origin.y + 5.08 },
        size: 2.032,
      });
      let noteY = inner.y + noteTop;
      notes.forEach((note, i) => {
        const lines = noteLines[i] ?? [];
        out.texts.push({
          key: `note/${group}/${i}`,
          text: note.text,
          // Texts are bottom-justified: a note of several lines grows up from its anchor, so
          // the anchor sits under its last line, not its first.
          at: { x: inner.x, y: snap(noteY + lines.length * 2.54, 1.27) },
          size: 1.27,
        });
        noteY += CELL_GAP + lines.length * 2.54;
      });
      return out;
    },
  };
}
