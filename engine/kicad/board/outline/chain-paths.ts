import { pushAll } from "../../../array-ops.js";
import { DEFAULT_MAX_ERROR } from "../../footprint/arc-geometry.js";
import { type BBox, boxOfPoints, unionBoxes } from "../../footprint/bbox.js";
import type { Graphic } from "../../footprint/graphic.js";
import { graphicBox, graphicPolyline } from "../../footprint/graphic-geometry.js";
import { distance, type Point } from "../../footprint/point.js";

export interface ChainedPath {
  readonly closed: boolean;
  /** For closed paths the first point is not repeated at the end. */
  readonly points: Point[];
  readonly box: BBox;
  readonly items: number;
}

interface Piece {
  points: Point[];
  box: BBox;
}

/** Spatial hash of piece ends so each join is a constant-time look-up. */
class EndIndex {
  private readonly cells = new Map<string, { piece: number; atStart: boolean; p: Point }[]>();

  constructor(private readonly cell: number) {}

  private key(ix: number, iy: number): string {
    return `${ix},${iy}`;
  }

  add(piece: number, atStart: boolean, p: Point): void {
    const k = this.key(Math.floor(p.x / this.cell), Math.floor(p.y / this.cell));
    const list = this.cells.get(k);
    if (list) list.push({ piece, atStart, p });
    else this.cells.set(k, [{ piece, atStart, p }]);
  }

  /** The nearest end within `epsilon` of `p` whose piece is not yet used. */
  nearest(
    p: Point,
    epsilon: number,
    used: boolean[],
  ): { piece: number; atStart: boolean } | undefined {
    const ix = Math.floor(p.x / this.cell);
    const iy = Math.floor(p.y / this.cell);
    let best: { piece: number; atStart: boolean } | undefined;
    let bestD = epsilon;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const e of this.cells.get(this.key(ix + dx, iy + dy)) ?? []) {
          if (used[e.piece]) continue;
          const d = distance(p, e.p);
          if (d <= bestD) {
            bestD = d;
            best = { piece: e.piece, atStart: e.atStart };
          }
        }
      }
    }
    return best;
  }
}

/**
 * Joins drawn items end to end (ends within `epsilon`) into closed loops and open chains, the
 * way KiCad builds a board outline or a courtyard polygon. Closed items (rect, circle, poly)
 * are loops by themselves; text is ignored.
 */
export function chainPaths(
  graphics: readonly Graphic[],
  epsilon: number,
  maxError = DEFAULT_MAX_ERROR,
): ChainedPath[] {
  const out: ChainedPath[] = [];
  const pieces: Piece[] = [];
  for (const g of graphics) {
    const line = graphicPolyline(g, maxError);
    const box = graphicBox(g);
    if (!line || !box || line.points.length === 0) continue;
    if (line.closed) out.push({ closed: true, points: line.points, box, items: 1 });
    else pieces.push({ points: line.points, box });
  }

  const index = new EndIndex(Math.max(epsilon, 1e-6));
  pieces.forEach((piece, i) => {
    index.add(i, true, piece.points[0] as Point);
    index.add(i, false, piece.points[piece.points.length - 1] as Point);
  });
  const used: boolean[] = pieces.map(() => false);

  for (let i = 0; i < pieces.length; i++) {
    if (used[i]) continue;
    used[i] = true;
    const first = pieces[i] as Piece;
    let points = [...first.points];
    let box: BBox | undefined = first.box;
    let items = 1;
    let closed = false;
    // Grow forward from the tail until the path closes or no piece continues it…
    for (;;) {
      const tail = points[points.length - 1] as Point;
      if (points.length > 2 && distance(tail, points[0] as Point) <= epsilon) {
        closed = true;
        break;
      }
      const next = index.nearest(tail, epsilon, used);
      if (!next) break;
      used[next.piece] = true;
      const piece = pieces[next.piece] as Piece;
      const add = next.atStart ? piece.points : [...piece.points].reverse();
      pushAll(points, add.slice(1));
      box = unionBoxes(box, piece.box);
      items++;
    }
    // …then, if still open, backward from the head.
    while (!closed) {
      const head = points[0] as Point;
      const prev = index.nearest(head, epsilon, used);
      if (!prev) break;
      used[prev.piece] = true;
      const piece = pieces[prev.piece] as Piece;
      const add = prev.atStart ? [...piece.points].reverse() : piece.points;
      points = [...add.slice(0, -1), ...points];
      box = unionBoxes(box, piece.box);
      items++;
      closed = distance(points[0] as Point, points[points.length - 1] as Point) <= epsilon;
    }
    if (closed) points.pop();
    out.push({ closed, points, box: box ?? (boxOfPoints(points) as BBox), items });
  }
  return out;
}
