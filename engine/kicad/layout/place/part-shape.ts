import { pushAll } from "../../../array-ops.js";
import { type BBox, boxOfPoints, unionBoxes } from "../../footprint/bbox.js";
import { type Footprint, readFootprint } from "../../footprint/footprint.js";
import type { Graphic } from "../../footprint/graphic.js";
import { graphicBox, graphicPolyline } from "../../footprint/graphic-geometry.js";
import { layerListCovers } from "../../footprint/layer-match.js";
import type { Pad } from "../../footprint/pad.js";
import { placePoint } from "../../footprint/placement.js";
import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import { child, headOf, numberAt, type SList } from "../../sexp/node.js";

/** A footprint turned by a multiple of 90° (KiCad's on-screen, counter-clockwise sense). */
export type Quarter = 0 | 90 | 180 | 270;
export const QUARTERS: readonly Quarter[] = [0, 90, 180, 270];

/** A side of a footprint in its own frame: the direction it faces (Y down). */
export type Facing = "+x" | "-x" | "+y" | "-y";

export interface ShapePad {
  readonly number: string;
  /** Pad position relative to the footprint origin, footprint frame. */
  readonly at: Point;
  /** The copper's bounding box, footprint frame. */
  readonly box: Rect;
  readonly throughHole: boolean;
  /** Copper on B.Cu (through-hole pads, `*.Cu` pads): what a bottom pour can reach. */
  readonly copperBack: boolean;
}

/** What placement needs of a footprint, in its own (unrotated) frame. */
export interface PartShape {
  /** The courtyard's box (both sides), or the pads' and body's box grown by 0.25 mm without one. */
  readonly courtyard: Rect;
  readonly hasCourtyard: boolean;
  readonly pads: readonly ShapePad[];
  readonly padBox: Rect | undefined;
  /**
   * The footprint's own silkscreen ink as small boxes: one per stroke segment (so text may sit
   * inside a drawn outline), one per filled shape. Text is left out.
   */
  readonly silk: readonly Rect[];
  /** All the silk together (undefined without any), for keeping it on the board. */
  readonly silkBox: Rect | undefined;
  /** The side a connector mates from, when the footprint shows one. */
  readonly facing: Facing | undefined;
  readonly view: Footprint;
}

function padCorners(pad: Pad): Point[] {
  const w = pad.size.width / 2;
  const h = pad.size.height / 2;
  const local = [
    { x: -w, y: -h },
    { x: w, y: -h },
    { x: w, y: h },
    { x: -w, y: h },
  ];
  const shape = { at: pad.shapeCenter, rotation: pad.rotation };
  return local.map((p) => placePoint(shape, p));
}

/** Points of a custom pad's primitives (pad frame), for its bounding box. */
function primitivePoints(padNode: SList | undefined): Point[] {
  const primitives = padNode ? child(padNode, "primitives") : undefined;
  if (!primitives) return [];
  const out: Point[] = [];
  const visit = (n: SList, width: number) => {
    for (const item of n.items) {
      if (item.kind !== "list") continue;
      const head = headOf(item);
      const w = (child(item, "width") ? numberAt(child(item, "width"), 1) : undefined) ?? width;
      if (
        head === "xy" ||
        head === "start" ||
        head === "end" ||
        head === "mid" ||
        head === "center"
      ) {
        const x = numberAt(item, 1);
        const y = numberAt(item, 2);
        if (x !== undefined && y !== undefined) {
          out.push({ x: x - w / 2, y: y - w / 2 }, { x: x + w / 2, y: y + w / 2 });
        }
      } else visit(item, w);
    }
  };
  visit(primitives, 0);
  return out;
}

function padBoxOf(pad: Pad, padNode: SList | undefined): Rect {
  const points = padCorners(pad);
  const extra = primitivePoints(padNode);
  if (extra.length > 0) {
    const shape = { at: pad.shapeCenter, rotation: pad.rotation };
    for (const p of extra) points.push(placePoint(shape, p));
  }
  return boxOfPoints(points) as Rect;
}

/** The mating side: a "PCB Edge" mark in the library, else the side the body overhangs most. */
function facingOf(view: Footprint, courtyard: Rect, pads: Rect | undefined): Facing | undefined {
  const mark = view.graphics.find((g) => g.shape === "text" && /pcb\s*edge/i.test(g.text));
  if (mark && mark.shape === "text") {
    const c = {
      x: (courtyard.minX + courtyard.maxX) / 2,
      y: (courtyard.minY + courtyard.maxY) / 2,
    };
    const dx = mark.at.x - c.x;
    const dy = mark.at.y - c.y;
    if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5)
      return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "+x" : "-x") : dy > 0 ? "+y" : "-y";
  }
  if (!pads) return undefined;
  const over: Record<Facing, number> = {
    "-x": pads.minX - courtyard.minX,
    "+x": courtyard.maxX - pads.maxX,
    "-y": pads.minY - courtyard.minY,
    "+y": courtyard.maxY - pads.maxY,
  };
  const opposite: Record<Facing, Facing> = { "-x": "+x", "+x": "-x", "-y": "+y", "+y": "-y" };
  let best: Facing | undefined;
  for (const side of ["+y", "-y", "+x", "-x"] as const)
    if (!best || over[side] > over[best]) best = side;
  if (!best) return undefined;
  const far = over[best];
  return far >= 1.4 && far >= 2 * over[opposite[best]] + 0.2 ? best : undefined;
}

/** One box per stroke segment of an outline (filled shapes: their whole box), pen included. */
function silkBoxes(g: Graphic, whole: Rect): Rect[] {
  if (g.filled) return [whole];
  const line = graphicPolyline(g, 0.05);
  if (!line) return [whole];
  const pts = line.closed ? [...line.points, line.points[0] as Point] : line.points;
  const half = g.width / 2;
  const out: Rect[] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1] as Point;
    const b = pts[i] as Point;
    out.push({
      minX: Math.min(a.x, b.x) - half,
      minY: Math.min(a.y, b.y) - half,
      maxX: Math.max(a.x, b.x) + half,
      maxY: Math.max(a.y, b.y) + half,
    });
  }
  return out;
}

/** Reads what placement needs from a library `(footprint …)` tree. */
export function partShape(node: SList): PartShape {
  const view = readFootprint(node);
  const padNodes = node.items.filter((i): i is SList => i.kind === "list" && headOf(i) === "pad");
  const pads: ShapePad[] = view.pads.map((pad, i) => ({
    number: pad.number,
    at: pad.at,
    box: padBoxOf(pad, padNodes[i]),
    throughHole: pad.type === "thru_hole" || pad.type === "np_thru_hole",
    copperBack: pad.type !== "np_thru_hole" && layerListCovers(pad.layers, "B.Cu"),
  }));
  let padBox: BBox | undefined;
  for (const p of pads) padBox = unionBoxes(padBox, p.box);
  const silk: Rect[] = [];
  let body: BBox | undefined = padBox;
  for (const g of view.graphics) {
    if (g.shape === "text") continue;
    const box = graphicBox(g);
    if (!box) continue;
    const grown = {
      minX: box.minX - g.width / 2,
      minY: box.minY - g.width / 2,
      maxX: box.maxX + g.width / 2,
      maxY: box.maxY + g.width / 2,
    };
    if (g.layer === "F.SilkS" || g.layer === "B.SilkS") pushAll(silk, silkBoxes(g, grown));
    if (g.layer === "F.Fab" || g.layer === "F.SilkS") body = unionBoxes(body, grown);
  }
  const drawn = view.courtyard.box;
  const fallback = body ?? { minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5 };
  const courtyard = drawn ?? {
    minX: fallback.minX - 0.25,
    minY: fallback.minY - 0.25,
    maxX: fallback.maxX + 0.25,
    maxY: fallback.maxY + 0.25,
  };
  return {
    courtyard,
    hasCourtyard: drawn !== undefined,
    pads,
    padBox,
    silk,
    silkBox: silk.reduce<BBox | undefined>((box, r) => unionBoxes(box, r), undefined),
    facing: facingOf(view, courtyard, padBox),
    view,
  };
}

/** A footprint-frame rectangle after turning the footprint by `rotation` about its origin. */
export function turnRect(r: Rect, rotation: Quarter): Rect {
  if (rotation === 0) return r;
  const placement = { at: { x: 0, y: 0 }, rotation };
  const a = placePoint(placement, { x: r.minX, y: r.minY });
  const b = placePoint(placement, { x: r.maxX, y: r.maxY });
  return {
    minX: Math.min(a.x, b.x),
    minY: Math.min(a.y, b.y),
    maxX: Math.max(a.x, b.x),
    maxY: Math.max(a.y, b.y),
  };
}

export function turnPoint(p: Point, rotation: Quarter): Point {
  return placePoint({ at: { x: 0, y: 0 }, rotation }, p);
}

/** The direction a footprint-frame facing points to on the board after turning by `rotation`. */
export function turnFacing(facing: Facing, rotation: Quarter): Facing {
  const v = {
    "+x": { x: 1, y: 0 },
    "-x": { x: -1, y: 0 },
    "+y": { x: 0, y: 1 },
    "-y": { x: 0, y: -1 },
  }[facing];
  const t = turnPoint(v, rotation);
  if (Math.abs(t.x) > 0.5) return t.x > 0 ? "+x" : "-x";
  return t.y > 0 ? "+y" : "-y";
}
