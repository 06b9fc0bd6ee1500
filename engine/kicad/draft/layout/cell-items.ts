import { maxOf, minOf, pushAll } from "../../../array-ops.js";
import type { Box, Point } from "../../symbol/geometry.js";
import type { Drawing, DrawnLabel, DrawnSymbol, DrawnWire } from "../drawing.js";
import { snap } from "../drawing.js";
import type { Attachment } from "../pin-attachments.js";
import type { PowerSymbols } from "../power-symbols.js";
import type { Obstacle } from "./obstacle.js";
import type { Shape } from "./occupancy.js";
import type { StubEnd } from "./stub-end.js";

/** What a cell draws, relative to its own origin, before it is moved into place. */
export interface CellItems {
  symbols: DrawnSymbol[];
  wires: DrawnWire[];
  junctions: Point[];
  labels: DrawnLabel[];
  /** Per-pin stubs with their label, power symbol or no-connect; `pin` is `REF.PIN`. */
  attachments: { pin: string; attachment: Attachment }[];
}

/** A unit (with what hangs from it) or a PWR_FLAG cluster, drawn around its own origin. */
export interface Cell {
  /** The unit it draws (`REF/unit`); absent for a PWR_FLAG column. */
  id?: string;
  box: Box;
  /**
   * Pins drawn with a wire instead of a label are listed in `wired`. Power symbols are numbered
   * by `power` when given (a trial placement), else by the sheet's own counter.
   */
  place(origin: Point, wired: ReadonlySet<string>, power?: PowerSymbols): Partial<Drawing>;
  /** Relative to the cell origin: what a local wire must avoid, and where each pin's stub ends. */
  obstacles: Obstacle[];
  stubEnds: Map<string, StubEnd>;
  /** Relative to the cell origin: the wires it draws, which a local wire must not run beside. */
  wires?: readonly { a: Point; b: Point }[];
}

export const emptyItems = (): CellItems => ({
  symbols: [],
  wires: [],
  junctions: [],
  labels: [],
  attachments: [],
});

export const emptyDrawing = (paper = ""): Drawing => ({
  paper,
  symbols: [],
  wires: [],
  junctions: [],
  labels: [],
  noConnects: [],
  rects: [],
  texts: [],
});

export function boxAround(points: readonly Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    minX: minOf(xs),
    minY: minOf(ys),
    maxX: maxOf(xs),
    maxY: maxOf(ys),
  };
}

export function unionBox(boxes: readonly Box[]): Box {
  return boxAround(
    boxes.flatMap((b) => [
      { x: b.minX, y: b.minY },
      { x: b.maxX, y: b.maxY },
    ]),
  );
}

export const shift = (p: Point, o: Point): Point => ({
  x: snap(p.x + o.x, 0.0001),
  y: snap(p.y + o.y, 0.0001),
});

export const shiftBox = (b: Box, o: Point): Box => ({
  minX: b.minX + o.x,
  minY: b.minY + o.y,
  maxX: b.maxX + o.x,
  maxY: b.maxY + o.y,
});

export const shiftShape = (s: Shape, o: Point): Shape => ({ ...s, box: shiftBox(s.box, o) });

export function merge(into: Drawing, part: Partial<Drawing>): void {
  pushAll(into.symbols, part.symbols ?? []);
  pushAll(into.wires, part.wires ?? []);
  pushAll(into.junctions, part.junctions ?? []);
  pushAll(into.labels, part.labels ?? []);
  pushAll(into.noConnects, part.noConnects ?? []);
  pushAll(into.rects, part.rects ?? []);
  pushAll(into.texts, part.texts ?? []);
}

/** Items moved by `o`: symbols with their fields, wires, junctions, labels and attachments. */
export function shiftItems(items: CellItems, o: Point): CellItems {
  return {
    symbols: items.symbols.map((s) => ({
      ...s,
      at: shift(s.at, o),
      fields: s.fields.map((f) => ({ ...f, at: shift(f.at, o) })),
    })),
    wires: items.wires.map((w) => ({ ...w, a: shift(w.a, o), b: shift(w.b, o) })),
    junctions: items.junctions.map((j) => shift(j, o)),
    labels: items.labels.map((l) => ({ ...l, at: shift(l.at, o) })),
    attachments: items.attachments.map(({ pin, attachment: a }) => ({
      pin,
      attachment: {
        ...a,
        wires: a.wires.map((w) => ({ ...w, a: shift(w.a, o), b: shift(w.b, o) })),
        labels: a.labels.map((l) => ({ ...l, at: shift(l.at, o) })),
        symbols: a.symbols.map((s) => ({ ...s, at: shift(s.at, o) })),
        powerValues: a.powerValues.map((v) => ({ ...v, valueAt: shift(v.valueAt, o) })),
        noConnects: a.noConnects.map((p) => shift(p, o)),
        shapes: a.shapes.map((x) => shiftShape(x, o)),
      },
    })),
  };
}

export function addItems(into: CellItems, more: CellItems): void {
  pushAll(into.symbols, more.symbols);
  pushAll(into.wires, more.wires);
  pushAll(into.junctions, more.junctions);
  pushAll(into.labels, more.labels);
  pushAll(into.attachments, more.attachments);
}
