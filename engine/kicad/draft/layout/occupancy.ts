import { maxOf } from "../../../array-ops.js";
import { overlapX, overlapY, type Rect, rectUnionAll } from "../../geometry/rect.js";
import { RectIndex } from "../../geometry/rect-index.js";

/**
 * What a drawn thing is, for how close others may come:
 * - `host`: the body of the unit being drawn (its own pins' wires start on it);
 * - `body`: any other body, a stack's whole area, or an estimated extent;
 * - `text`: a field, label or power-symbol value, as KiCad inks it;
 * - `wire`: a wire, as a zero-width box;
 * - `mark`: a power symbol's graphic, a no-connect cross;
 * - `lane`: the line out of a pin not drawn yet, kept free for its own wire.
 */
export type ShapeKind = "host" | "body" | "text" | "wire" | "mark" | "lane";

/**
 * Two ways of measuring what a cell takes. `estimate`: the drafter's first, compact measure
 * (text widths from character counts, one box per attachment, a quarter-grid apart), which
 * the examples and redrafts were drawn with. `exact`: every text as KiCad inks it, every wire
 * and graphic on its own, with the gap each kind needs; used when the estimate let texts
 * collide or found no room.
 */
export type Measure = "estimate" | "exact";

export interface Shape {
  box: Rect;
  kind: ShapeKind;
  /** The measure this shape belongs to; absent: both (bodies, lanes). */
  measure?: Measure;
  /**
   * Who drew it (`REF.PIN` for a pin's attachment and lane, `REF.PIN#n` for its nth hung stack):
   * under the exact measure a pin's own shapes never block each other.
   */
  owner?: string;
  /** The pin whose net may pass it when the local router wires the group (`REF.PIN`). */
  pin?: string;
  /**
   * A wire along a pin's line may pass that pin's own hung stacks (owners `REF.PIN#n`): it
   * runs through every near pin it joins.
   */
  passes?: string;
  /** Placement only (a hung stack's whole area): the router sees its parts instead. */
  area?: boolean;
  /** Routing only (a hung stack's parts): placement sees the stack's area instead. */
  detail?: boolean;
}

/**
 * How far apart (mm) two kinds must stay under the exact measure: text just clear of anything
 * (the legibility checker lets text touch by 0.15–0.2 mm), wires and marks a little more, bodies
 * a quarter-grid; power graphics side by side may touch (KiCad's own GND triangles on pins
 * 2.54 mm apart do).
 */
const GAP: Record<ShapeKind, number> = {
  host: 0.635,
  body: 0.635,
  text: 0.1,
  wire: 0.3,
  mark: 0.3,
  lane: 0.3,
};
/** The estimate keeps everything a quarter-grid apart (less a hundredth, as it always did). */
const ESTIMATE_GAP = 0.625;

const passing = (wire: Shape, other: Shape) =>
  wire.passes !== undefined &&
  other.owner !== undefined &&
  (other.owner === wire.passes || other.owner.startsWith(`${wire.passes}#`));

/** True when `a` and `b` come closer than `measure` allows (touching counts). */
export function shapesClash(a: Shape, b: Shape, measure: Measure): boolean {
  if (a.kind === "lane" && b.kind === "lane") return false;
  if (measure === "estimate")
    return overlapX(a.box, b.box) > -ESTIMATE_GAP && overlapY(a.box, b.box) > -ESTIMATE_GAP;
  if (a.owner !== undefined && a.owner === b.owner) return false;
  if (passing(a, b) || passing(b, a)) return false;
  // A pin's wire starts on its own unit's body, which may reach past the pin end.
  if ((a.kind === "wire" && b.kind === "host") || (a.kind === "host" && b.kind === "wire"))
    return false;
  const gap =
    a.kind === "mark" && b.kind === "mark"
      ? 0
      : a.kind === "text" || b.kind === "text"
        ? GAP.text
        : Math.max(GAP[a.kind], GAP[b.kind]);
  return overlapX(a.box, b.box) > -gap && overlapY(a.box, b.box) > -gap;
}

const INDEX_CELL = 12.7;
const REACH = Math.max(ESTIMATE_GAP, maxOf(Object.values(GAP)));

/**
 * Free space while a cell is drawn, under one measure: everything placed so far in a spatial
 * index, with lanes that are taken back once their pin is drawn. Placement asks whether new
 * shapes are clear and, when they are not, who is in the way. Shapes of the other measure are
 * kept (the router and the cell's extent use them) but never block.
 */
export class Occupancy {
  private readonly index = new RectIndex(INDEX_CELL);
  private readonly shapes: (Shape | undefined)[] = [];

  constructor(readonly measure: Measure) {}

  private counts(s: Shape, measure = this.measure): boolean {
    return !s.detail && (s.measure === undefined || s.measure === measure);
  }

  add(...shapes: Shape[]): void {
    this.addAll(shapes);
  }

  addAll(shapes: Iterable<Shape>): void {
    for (const s of shapes) {
      this.shapes.push(s);
      this.index.add(s.box);
    }
  }

  /** Takes a pin's lane (or any shapes of `owner` and `kind`) off again. */
  remove(owner: string, kind: ShapeKind): void {
    this.shapes.forEach((s, i) => {
      if (s?.owner === owner && s.kind === kind) this.shapes[i] = undefined;
    });
  }

  /**
   * The placed shapes `shape` clashes with under `measure` (the occupancy's own by default);
   * none when `shape` belongs to the other measure.
   */
  clashes(shape: Shape, measure = this.measure): Shape[] {
    if (!this.counts(shape, measure)) return [];
    const out: Shape[] = [];
    for (const id of this.index.query(shape.box, REACH)) {
      const other = this.shapes[id];
      if (other && this.counts(other, measure) && shapesClash(shape, other, measure))
        out.push(other);
    }
    return out;
  }

  /** Every shape of `shapes` clear of everything placed (under `measure`). */
  clear(shapes: readonly Shape[], measure = this.measure): boolean {
    return shapes.every((s) => this.clashes(s, measure).length === 0);
  }

  /** The owners of what stands in the way of `shapes` (unowned things as ""). */
  blockers(shapes: readonly Shape[]): string[] {
    return [...new Set(shapes.flatMap((s) => this.clashes(s).map((o) => o.owner ?? "")))];
  }

  /** The box of what the cell draws under this measure (lanes and router details left out). */
  bounds(): Rect | undefined {
    return rectUnionAll(
      this.shapes
        .filter((s): s is Shape => s !== undefined && s.kind !== "lane" && this.counts(s))
        .map((s) => s.box),
    );
  }

  /**
   * What the local router must keep clear of: the estimated extents (it was tuned on them; they
   * hold the exact ink), bodies, and the parts of hung stacks, not the stacks' whole areas.
   */
  obstacles(): { pin?: string; box: Rect }[] {
    return this.shapes
      .filter(
        (s): s is Shape => s !== undefined && s.kind !== "lane" && !s.area && s.measure !== "exact",
      )
      .map((s) => (s.pin ? { pin: s.pin, box: s.box } : { box: s.box }));
  }
}
