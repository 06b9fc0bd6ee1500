import type { Board } from "../../kicad/board/board.js";
import { edgeGraphics } from "../../kicad/board/outline/edge-graphics.js";
import type { Graphic } from "../../kicad/footprint/graphic.js";
import type { Point } from "../../kicad/footprint/point.js";
import type { BoardChange } from "../diff-report.js";
import { round } from "../round.js";

const pt = (p: Point) => `${p.x.toFixed(4)},${p.y.toFixed(4)}`;

/** An Edge.Cuts item by its geometry alone; a line drawn the other way round is the same line. */
function edgeKey(g: Graphic): string {
  switch (g.shape) {
    case "line":
      return `line|${[pt(g.start), pt(g.end)].sort().join("|")}`;
    case "rect":
      return `rect|${[pt(g.start), pt(g.end)].sort().join("|")}`;
    case "circle":
      return `circle|${pt(g.center)}|${pt(g.end)}`;
    case "arc":
      return `arc|${[pt(g.start), pt(g.end)].sort().join("|")}|${pt(g.mid)}`;
    case "curve":
      return `curve|${g.points.map(pt).join("|")}`;
    case "poly":
      return `poly|${g.points.map((v) => (v.kind === "xy" ? pt(v.at) : `${pt(v.start)}~${pt(v.mid)}~${pt(v.end)}`)).join("|")}`;
    case "text":
      return `text|${g.text}|${pt(g.at)}`;
  }
}

function counts(board: Board | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!board) return out;
  for (const g of edgeGraphics(board.graphics, board.footprints)) {
    const k = edgeKey(g);
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/** Edge.Cuts items (the board's and its footprints') added or removed, with the outline's extent. */
export function diffOutline(before: Board | undefined, after: Board | undefined): BoardChange[] {
  const a = counts(before);
  const b = counts(after);
  let added = 0;
  let removed = 0;
  for (const [k, n] of b) added += Math.max(0, n - (a.get(k) ?? 0));
  for (const [k, n] of a) removed += Math.max(0, n - (b.get(k) ?? 0));
  if (added + removed === 0) return [];
  const extent = (board: Board | undefined) => {
    const box = board?.outline.box;
    return box
      ? {
          minX: round(box.minX),
          minY: round(box.minY),
          maxX: round(box.maxX),
          maxY: round(box.maxY),
        }
      : null;
  };
  return [
    { kind: "outline-changed", added, removed, before: extent(before), after: extent(after) },
  ];
}
