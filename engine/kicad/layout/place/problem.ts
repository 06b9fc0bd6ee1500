import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import type { Edge } from "../inputs/layout-config.js";
import { type PartShape, QUARTERS, type Quarter, turnPoint, turnRect } from "./part-shape.js";

/** What a part is to the placer. */
export type PartRole = "hole" | "connector" | "part";

/** A part's geometry for each of the four turns, precomputed once. */
export interface TurnedShape {
  readonly courtyard: Rect;
  /** Pad centres by pad index (footprint frame turned, origin at 0,0). */
  readonly pads: readonly Point[];
  /** Pad copper boxes, same order. */
  readonly padBoxes: readonly Rect[];
  /** All silkscreen ink, undefined without any. */
  readonly silk: Rect | undefined;
  /** All pad copper together, undefined without pads. */
  readonly padBox: Rect | undefined;
}

export interface ProblemPart {
  readonly index: number;
  readonly ref: string;
  readonly role: PartRole;
  readonly shape: PartShape;
  readonly turned: Readonly<Record<Quarter, TurnedShape>>;
  /** Pad indices by pad number (a number may have several pads, e.g. a USB shield). */
  readonly padsOf: ReadonlyMap<string, readonly number[]>;
  /** Connectors: the edge they were given, and whether a person declared it. */
  readonly edge?: Edge;
  readonly edgeDeclared?: boolean;
  readonly group: number | undefined;
  /** Total pads, a proxy for how much a part matters (ICs first). */
  readonly pinCount: number;
}

/** A net as the placer weighs it: pins as (part, pad index), and how much its length counts. */
export interface ProblemNet {
  readonly name: string;
  readonly weight: number;
  readonly pins: readonly { readonly part: number; readonly pad: number }[];
}

/** A decoupling capacitor and the IC pin it serves. */
export interface DecouplingPair {
  readonly cap: number;
  /** The cap's pads on the power net (pad indices). */
  readonly capPads: readonly number[];
  readonly ic: number;
  /** The IC's pads of that pin number (a regulator's tab shares its pin's number). */
  readonly icPads: readonly number[];
  /** The IC's pin number (for the report). */
  readonly icPin: string;
  readonly net: string;
}

export interface PlacementProblem {
  /** The board, in board-local mm: (0, 0) top-left. */
  readonly width: number;
  readonly height: number;
  readonly parts: readonly ProblemPart[];
  readonly nets: readonly ProblemNet[];
  readonly decoupling: readonly DecouplingPair[];
  readonly keepouts: readonly Rect[];
  readonly grid: number;
  readonly spacing: number;
  readonly edgeMargin: number;
  /** Copper-to-edge clearance, mm: pads stay this far (plus a hair) inside. */
  readonly edgeClearance: number;
  /** A cap's pad should end up within this distance of its IC pin, mm. */
  readonly decouplingReach: number;
}

export function turnedShapes(shape: PartShape): Record<Quarter, TurnedShape> {
  const out = {} as Record<Quarter, TurnedShape>;
  for (const q of QUARTERS) {
    out[q] = {
      courtyard: turnRect(shape.courtyard, q),
      pads: shape.pads.map((p) => turnPoint(p.at, q)),
      padBoxes: shape.pads.map((p) => turnRect(p.box, q)),
      silk: shape.silkBox ? turnRect(shape.silkBox, q) : undefined,
      padBox: shape.padBox ? turnRect(shape.padBox, q) : undefined,
    };
  }
  return out;
}

/** Where a part is: its origin (board-local) and turn. */
export interface PartPose {
  x: number;
  y: number;
  rotation: Quarter;
}

export function courtyardAt(part: ProblemPart, pose: PartPose): Rect {
  const c = part.turned[pose.rotation].courtyard;
  return {
    minX: c.minX + pose.x,
    minY: c.minY + pose.y,
    maxX: c.maxX + pose.x,
    maxY: c.maxY + pose.y,
  };
}

export function padAt(part: ProblemPart, pose: PartPose, pad: number): Point {
  const p = part.turned[pose.rotation].pads[pad] as Point;
  return { x: p.x + pose.x, y: p.y + pose.y };
}

export function padBoxesAt(part: ProblemPart, pose: PartPose): Rect[] {
  return part.turned[pose.rotation].padBoxes.map((b) => ({
    minX: b.minX + pose.x,
    minY: b.minY + pose.y,
    maxX: b.maxX + pose.x,
    maxY: b.maxY + pose.y,
  }));
}
