import { maxOf, minOf } from "../../../array-ops.js";
import type { BoardModel } from "../../board/write/board-model.js";
import { readGraphic } from "../../footprint/graphic.js";
import { graphicBox } from "../../footprint/graphic-geometry.js";
import { layerListCovers } from "../../footprint/layer-match.js";
import { readPad } from "../../footprint/pad.js";
import { IDENTITY_PLACEMENT, placePoint } from "../../footprint/placement.js";
import type { Point } from "../../geometry/point.js";
import { child, headOf, numberAt, type SList } from "../../sexp/node.js";
import type { CopperShape } from "./copper-shape.js";

/** One pad as the router sees it, board mm. */
export interface RoutePad {
  readonly ref: string;
  readonly number: string;
  /** "" for a pad on no net. */
  readonly net: string;
  readonly at: Point;
  /** Copper on F.Cu (layer 0) and B.Cu (layer 1). */
  readonly layers: readonly [boolean, boolean];
  /** The copper (an enclosing shape where KiCad's is rounder): what others keep clear of. */
  readonly copper: CopperShape;
  /** Shapes surely inside the copper: where a track of the pad's net may end. */
  readonly inside: readonly CopperShape[];
  /** The drilled hole, when there is one: a capsule of the hole's radius. */
  readonly hole: CopperShape | undefined;
  readonly plated: boolean;
  /**
   * The long axis (a unit vector) of an elongated SMD pad, which tracks enter and leave it
   * along; undefined for pads a track may meet from any side (round, square, through-hole).
   */
  readonly axis: Point | undefined;
}

/** Long side over short side from which an SMD pad counts as elongated. */
const ELONGATED = 1.25;

function longAxis(rotation: number, w: number, h: number): Point | undefined {
  if (Math.max(w, h) < ELONGATED * Math.min(w, h)) return undefined;
  return placePoint({ at: { x: 0, y: 0 }, rotation }, w >= h ? { x: 1, y: 0 } : { x: 0, y: 1 });
}

/** Copper the board has besides pads (copper drawings in footprints), nobody's to route through. */
export interface RouteObstacle {
  readonly layer: 0 | 1;
  readonly shape: CopperShape;
}

/** A footprint's own rule area (an antenna's or a connector's keep-out), by its enclosing rectangle. */
export interface RouteKeepout {
  readonly layers: readonly [boolean, boolean];
  readonly shape: CopperShape;
  readonly tracks: boolean;
  readonly vias: boolean;
}

const INSET = 0.005;

function keepoutOf(
  zone: SList,
  placement: { at: Point; rotation: number },
): RouteKeepout | undefined {
  const rules = child(zone, "keepout");
  if (!rules) return undefined;
  const banned = (what: string) => {
    const a = child(rules, what)?.items[1];
    return a?.kind === "atom" && a.text === "not_allowed";
  };
  const layerNames = [child(zone, "layer"), child(zone, "layers")].flatMap((n) =>
    (n?.items.slice(1) ?? []).flatMap((a) => (a.kind === "atom" ? [a.text] : [])),
  );
  const pts = child(child(zone, "polygon") ?? zone, "pts");
  const xs: number[] = [];
  const ys: number[] = [];
  for (const xy of pts?.items ?? []) {
    if (xy.kind !== "list" || headOf(xy) !== "xy") continue;
    xs.push(numberAt(xy, 1) ?? 0);
    ys.push(numberAt(xy, 2) ?? 0);
  }
  if (xs.length < 3) return undefined;
  const [x0, x1, y0, y1] = [minOf(xs), maxOf(xs), minOf(ys), maxOf(ys)];
  return {
    layers: [layerListCovers(layerNames, "F.Cu"), layerListCovers(layerNames, "B.Cu")],
    shape: {
      kind: "polygon",
      points: [
        { x: x0, y: y0 },
        { x: x1, y: y0 },
        { x: x1, y: y1 },
        { x: x0, y: y1 },
      ].map((p) => placePoint(placement, p)),
    },
    tracks: banned("tracks"),
    vias: banned("vias"),
  };
}

function rectPoints(centre: Point, rotation: number, w: number, h: number): Point[] {
  const place = { at: centre, rotation };
  return [
    { x: -w / 2, y: -h / 2 },
    { x: w / 2, y: -h / 2 },
    { x: w / 2, y: h / 2 },
    { x: -w / 2, y: h / 2 },
  ].map((p) => placePoint(place, p));
}

function capsuleOf(centre: Point, rotation: number, w: number, h: number): CopperShape {
  const place = { at: centre, rotation };
  const r = Math.min(w, h) / 2;
  const half = Math.abs(w - h) / 2;
  const axis = w >= h ? { x: half, y: 0 } : { x: 0, y: half };
  return {
    kind: "capsule",
    a: placePoint(place, { x: -axis.x, y: -axis.y }),
    b: placePoint(place, axis),
    radius: r,
  };
}

/** A custom pad's primitives' extent in the pad frame (with the anchor), as [minX, minY, maxX, maxY]. */
function primitiveExtent(pad: SList, w: number, h: number): [number, number, number, number] {
  const ext: [number, number, number, number] = [-w / 2, -h / 2, w / 2, h / 2];
  const primitives = child(pad, "primitives");
  if (!primitives) return ext;
  const visit = (n: SList, width: number) => {
    for (const item of n.items) {
      if (item.kind !== "list") continue;
      const head = headOf(item);
      const wn = child(item, "width");
      const pen = (wn ? numberAt(wn, 1) : undefined) ?? width;
      if (["xy", "start", "end", "mid", "center"].includes(head ?? "")) {
        const x = numberAt(item, 1);
        const y = numberAt(item, 2);
        if (x === undefined || y === undefined) continue;
        // A circle's `end` is a point on it: the radius reaches that far in every direction.
        ext[0] = Math.min(ext[0], x - pen / 2);
        ext[1] = Math.min(ext[1], y - pen / 2);
        ext[2] = Math.max(ext[2], x + pen / 2);
        ext[3] = Math.max(ext[3], y + pen / 2);
        if (head === "end" && headOf(n) === "gr_circle") {
          const c = child(n, "center");
          const cx = numberAt(c, 1) ?? 0;
          const cy = numberAt(c, 2) ?? 0;
          const r = Math.hypot(x - cx, y - cy) + pen / 2;
          ext[0] = Math.min(ext[0], cx - r);
          ext[1] = Math.min(ext[1], cy - r);
          ext[2] = Math.max(ext[2], cx + r);
          ext[3] = Math.max(ext[3], cy + r);
        }
      } else visit(item, pen);
    }
  };
  visit(primitives, 0);
  return ext;
}

/** Every pad of the placed board in board coordinates, with its net, and the footprints' own copper drawings. */
export function boardCopper(model: BoardModel): {
  pads: RoutePad[];
  obstacles: RouteObstacle[];
  keepouts: RouteKeepout[];
} {
  const pads: RoutePad[] = [];
  const obstacles: RouteObstacle[] = [];
  const keepouts: RouteKeepout[] = [];
  for (const fp of model.footprints) {
    const placement = { at: fp.at, rotation: fp.rotation };
    for (const item of fp.library.items) {
      if (item.kind !== "list") continue;
      const head = headOf(item);
      if (head === "zone") {
        const k = keepoutOf(item, placement);
        if (k) keepouts.push(k);
      } else if (head === "pad") {
        const pad = readPad(item, IDENTITY_PLACEMENT);
        const rotation = fp.rotation + pad.rotation;
        const at = placePoint(placement, pad.local);
        const offset = pad.drill?.offset ?? { x: 0, y: 0 };
        const centre = placePoint({ at, rotation }, offset);
        const { width: w, height: h } = pad.size;
        const front = layerListCovers(pad.layers, "F.Cu");
        const back = layerListCovers(pad.layers, "B.Cu");
        let copper: CopperShape;
        let inside: CopperShape[];
        const cut = Math.max(
          (pad.roundRectRatio ?? 0) * Math.min(w, h),
          (numberAt(child(item, "chamfer_ratio"), 1) ?? 0) * Math.min(w, h),
        );
        if (pad.shape === "circle" || pad.shape === "oval") {
          copper = capsuleOf(centre, rotation, w, h);
          inside = [
            capsuleOf(centre, rotation, Math.max(0, w - 2 * INSET), Math.max(0, h - 2 * INSET)),
          ];
        } else if (pad.shape === "trapezoid") {
          const dx = Math.abs(numberAt(child(item, "rect_delta"), 1) ?? 0);
          const dy = Math.abs(numberAt(child(item, "rect_delta"), 2) ?? 0);
          copper = { kind: "polygon", points: rectPoints(centre, rotation, w + dy, h + dx) };
          inside = [
            {
              kind: "polygon",
              points: rectPoints(centre, rotation, w - dy - 2 * INSET, h - dx - 2 * INSET),
            },
          ];
        } else if (pad.shape === "custom") {
          const [x0, y0, x1, y1] = primitiveExtent(item, w, h);
          const mid = placePoint({ at: centre, rotation }, { x: (x0 + x1) / 2, y: (y0 + y1) / 2 });
          copper = { kind: "polygon", points: rectPoints(mid, rotation, x1 - x0, y1 - y0) };
          const anchor = textAnchor(item);
          inside = [
            anchor === "circle"
              ? capsuleOf(centre, rotation, w - 2 * INSET, w - 2 * INSET)
              : {
                  kind: "polygon",
                  points: rectPoints(centre, rotation, w - 2 * INSET, h - 2 * INSET),
                },
          ];
        } else {
          copper = { kind: "polygon", points: rectPoints(centre, rotation, w, h) };
          const c = cut + INSET;
          inside = [
            { kind: "polygon", points: rectPoints(centre, rotation, w - 2 * c, h - 2 * INSET) },
            { kind: "polygon", points: rectPoints(centre, rotation, w - 2 * INSET, h - 2 * c) },
          ];
        }
        const drill = pad.drill;
        const hole: CopperShape | undefined = drill
          ? capsuleOf(at, rotation, drill.width, drill.height)
          : undefined;
        const plated = pad.type === "thru_hole";
        const hasCopper =
          pad.type !== "np_thru_hole" ||
          (drill !== undefined && Math.min(w, h) > drill.width + 0.01);
        pads.push({
          ref: fp.reference,
          number: pad.number,
          net: pad.type === "np_thru_hole" ? "" : (fp.pads.get(pad.number)?.net ?? ""),
          at,
          layers: hasCopper ? [front, back] : [false, false],
          copper,
          inside: inside.filter((s) => s.kind === "capsule" || s.points.length > 0),
          hole,
          plated,
          axis: drill || pad.shape === "custom" ? undefined : longAxis(rotation, w, h),
        });
      } else if (
        head === "fp_line" ||
        head === "fp_rect" ||
        head === "fp_poly" ||
        head === "fp_circle" ||
        head === "fp_arc"
      ) {
        const g = readGraphic(item);
        if (!g || (g.layer !== "F.Cu" && g.layer !== "B.Cu")) continue;
        const box = graphicBox(g);
        if (!box) continue;
        const half = g.width / 2;
        const corners = [
          { x: box.minX - half, y: box.minY - half },
          { x: box.maxX + half, y: box.minY - half },
          { x: box.maxX + half, y: box.maxY + half },
          { x: box.minX - half, y: box.maxY + half },
        ].map((p) => placePoint(placement, p));
        obstacles.push({
          layer: g.layer === "F.Cu" ? 0 : 1,
          shape: { kind: "polygon", points: corners },
        });
      }
    }
  }
  return { pads, obstacles, keepouts };
}

function textAnchor(pad: SList): string | undefined {
  const options = child(pad, "options");
  const anchor = options ? child(options, "anchor") : undefined;
  const a = anchor?.items[1];
  return a?.kind === "atom" ? a.text : undefined;
}
