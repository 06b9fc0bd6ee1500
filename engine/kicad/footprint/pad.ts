import { child, childNumber, childText, numberAt, type SList, textAt } from "../sexp/node.js";
import { type NetRef, readNetRef } from "./net-ref.js";
import { PcbFormatError } from "./pcb-format-error.js";
import { normalizeDegrees, type Placement, placePoint } from "./placement.js";
import { type Point, readPoint } from "./point.js";

export const PAD_TYPES = ["smd", "thru_hole", "np_thru_hole", "connect"] as const;
export type PadType = (typeof PAD_TYPES)[number];

export const PAD_SHAPES = ["circle", "rect", "oval", "trapezoid", "roundrect", "custom"] as const;
export type PadShape = (typeof PAD_SHAPES)[number];

export interface PadDrill {
  readonly shape: "circle" | "oval";
  /** Hole diameter (circle) or slot width. */
  readonly width: number;
  /** Equal to width for a round hole. */
  readonly height: number;
  /** How far the copper shape sits from the hole, pad-local (KiCad's drill `offset`). */
  readonly offset: Point;
}

export interface Pad {
  /** The pad number as written ("" for unnumbered mounting/NPTH pads). */
  readonly number: string;
  readonly type: PadType;
  readonly shape: PadShape;
  /** Position relative to the footprint origin, in the footprint's own (unrotated) frame. */
  readonly local: Point;
  /** Rotation relative to the footprint, degrees in (−180, 180]. */
  readonly localRotation: number;
  /** Position on the board: footprint at + local rotated by the footprint's angle. */
  readonly at: Point;
  /** Absolute rotation on the board, as a board file stores it. */
  readonly rotation: number;
  /**
   * Centre of the copper shape on the board. KiCad's pad position is the hole; a drill
   * `(offset …)` moves the shape away from it, turned with the pad. Equal to `at` otherwise.
   */
  readonly shapeCenter: Point;
  readonly size: { readonly width: number; readonly height: number };
  readonly drill: PadDrill | undefined;
  /** Layer names as written, wildcards included (`*.Cu`, `F&B.Cu`, `*.Mask`). */
  readonly layers: readonly string[];
  readonly net: NetRef | undefined;
  readonly pinFunction: string | undefined;
  readonly pinType: string | undefined;
  readonly roundRectRatio: number | undefined;
  readonly uuid: string | undefined;
}

function readDrill(node: SList | undefined): PadDrill | undefined {
  if (!node) return undefined;
  let oval = false;
  const sizes: number[] = [];
  for (const item of node.items.slice(1)) {
    if (item.kind !== "atom") continue;
    if (item.text === "oval") oval = true;
    else if (Number.isFinite(Number(item.text))) sizes.push(Number(item.text));
  }
  const offset = readPoint(node, "offset") ?? { x: 0, y: 0 };
  const width = sizes[0];
  // `(drill (offset …))` alone: an SMD pad whose copper is shifted, with no hole.
  if (width === undefined || width === 0) return undefined;
  return { shape: oval ? "oval" : "circle", width, height: sizes[1] ?? width, offset };
}

/**
 * Reads a `(pad …)` of a footprint placed at `placement`. In a board file a pad's angle is
 * absolute (footprint angle + pad angle); in a library file the footprint angle is 0, so the
 * same arithmetic serves both.
 */
export function readPad(node: SList, placement: Placement): Pad {
  const number = textAt(node, 1) ?? "";
  const type = textAt(node, 2);
  const shape = textAt(node, 3);
  if (!PAD_TYPES.includes(type as PadType)) {
    throw new PcbFormatError(node, `unknown pad type ${JSON.stringify(type)}`);
  }
  if (!PAD_SHAPES.includes(shape as PadShape)) {
    throw new PcbFormatError(node, `unknown pad shape ${JSON.stringify(shape)}`);
  }
  const atNode = child(node, "at");
  const local = readPoint(node, "at");
  if (!local) throw new PcbFormatError(node, `pad ${JSON.stringify(number)} has no (at x y)`);
  const rotation = numberAt(atNode, 3) ?? 0;
  const sizeNode = child(node, "size");
  const drillNode = child(node, "drill");
  const drill = readDrill(drillNode);
  const at = placePoint(placement, local);
  const offset = drillNode ? readPoint(drillNode, "offset") : undefined;
  const shapeCenter = offset ? placePoint({ at, rotation }, offset) : at;
  const layersNode = child(node, "layers");
  return {
    number,
    type: type as PadType,
    shape: shape as PadShape,
    local,
    localRotation: normalizeDegrees(rotation - placement.rotation),
    at,
    rotation,
    shapeCenter,
    size: { width: numberAt(sizeNode, 1) ?? 0, height: numberAt(sizeNode, 2) ?? 0 },
    drill,
    layers: (layersNode?.items.slice(1) ?? []).flatMap((a) => (a.kind === "atom" ? [a.text] : [])),
    net: readNetRef(child(node, "net")),
    pinFunction: childText(node, "pinfunction"),
    pinType: childText(node, "pintype"),
    roundRectRatio: childNumber(node, "roundrect_rratio"),
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
  };
}
