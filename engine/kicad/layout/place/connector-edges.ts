import type { Edge } from "../inputs/layout-config.js";
import {
  type Facing,
  type PartShape,
  QUARTERS,
  type Quarter,
  turnFacing,
  turnRect,
} from "./part-shape.js";
import { SILK_EDGE_KEEP } from "./placer-state.js";
import type { PartPose, PlacementProblem, ProblemPart } from "./problem.js";

/** The way out of the board through each edge (board frame, Y down). */
export const OUTWARD: Readonly<Record<Edge, Facing>> = {
  left: "-x",
  right: "+x",
  top: "-y",
  bottom: "+y",
};

/**
 * How a connector is turned on an edge: its mating side outwards when the footprint shows one
 * (see partShape's facing); otherwise its long side along the edge, the smaller turn first.
 */
export function edgeRotation(shape: PartShape, edge: Edge): Quarter {
  if (shape.facing) {
    const turn = QUARTERS.find((q) => turnFacing(shape.facing as Facing, q) === OUTWARD[edge]);
    if (turn !== undefined) return turn;
  }
  const alongX = edge === "top" || edge === "bottom";
  for (const q of QUARTERS) {
    const r = turnRect(shape.courtyard, q);
    const w = r.maxX - r.minX;
    const h = r.maxY - r.minY;
    if (alongX ? w >= h : h >= w) return q;
  }
  return 0;
}

function snapInward(value: number, grid: number, up: boolean): number {
  return up ? Math.ceil(value / grid - 1e-9) * grid : Math.floor(value / grid + 1e-9) * grid;
}

/**
 * The pose of a connector on its edge with its origin `along` the edge: the courtyard flush with
 * the board edge (never past it), pads kept the copper-to-edge clearance inside.
 */
export function edgePose(
  problem: PlacementProblem,
  part: ProblemPart,
  edge: Edge,
  along: number,
): PartPose {
  const rotation = edgeRotation(part.shape, edge);
  const turned = part.turned[rotation];
  const c = turned.courtyard;
  const keep = problem.edgeClearance + 0.05;
  let pads = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const b of turned.padBoxes)
    pads = {
      minX: Math.min(pads.minX, b.minX),
      minY: Math.min(pads.minY, b.minY),
      maxX: Math.max(pads.maxX, b.maxX),
      maxY: Math.max(pads.maxY, b.maxY),
    };
  const g = problem.grid;
  const a = Math.round(along / g) * g;
  // Silk some connectors draw past their courtyard (a "PCB edge" mark) must stay on the board.
  const s = turned.silk ?? c;
  const k = SILK_EDGE_KEEP;
  const w = problem.width;
  const h = problem.height;
  switch (edge) {
    case "left":
      return {
        x: snapInward(Math.max(-c.minX, keep - pads.minX, k - s.minX), g, true),
        y: a,
        rotation,
      };
    case "right":
      return {
        x: snapInward(Math.min(w - c.maxX, w - keep - pads.maxX, w - k - s.maxX), g, false),
        y: a,
        rotation,
      };
    case "top":
      return {
        x: a,
        y: snapInward(Math.max(-c.minY, keep - pads.minY, k - s.minY), g, true),
        rotation,
      };
    case "bottom":
      return {
        x: a,
        y: snapInward(Math.min(h - c.maxY, h - keep - pads.maxY, h - k - s.maxY), g, false),
        rotation,
      };
  }
}

/** How long a stretch of its edge a connector takes, courtyard plus the spacing. */
export function edgeExtent(part: ProblemPart, edge: Edge, spacing: number): number {
  const c = part.turned[edgeRotation(part.shape, edge)].courtyard;
  return (edge === "top" || edge === "bottom" ? c.maxX - c.minX : c.maxY - c.minY) + spacing;
}
