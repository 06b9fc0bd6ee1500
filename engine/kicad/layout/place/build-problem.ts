import type { SList } from "../../sexp/node.js";
import type { BoardSpec } from "../inputs/board-spec.js";
import { EDGES, type Edge } from "../inputs/layout-config.js";
import type { LayoutNet } from "../layout-input.js";
import { edgeExtent } from "./connector-edges.js";
import type { DecouplingAssignment } from "./decoupling.js";
import type { PartShape } from "./part-shape.js";
import {
  type DecouplingPair,
  type PartPose,
  type PartRole,
  type PlacementProblem,
  type ProblemNet,
  type ProblemPart,
  turnedShapes,
} from "./problem.js";

/** One part as the caller resolved it: footprint tree and shape, and what it is. */
export interface PlacerPart {
  readonly ref: string;
  readonly footprint: string;
  readonly node: SList;
  readonly shape: PartShape;
  readonly role: PartRole;
  readonly group: string | undefined;
}

/** How much a net's length counts; the ground net goes to the pour, so it pulls nothing. */
export function netWeight(net: LayoutNet, groundPour: boolean): number {
  if (net.kind === "ground") return groundPour ? 0 : 0.5;
  return net.kind === "power" ? 0.5 : 1;
}

/** Where the n-th mounting hole goes: opposite corners first, then the other two. */
const CORNERS = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
] as const;

export interface BuiltProblem {
  readonly problem: PlacementProblem;
  /** Fixed poses of the mounting holes, by part index. */
  readonly holes: ReadonlyMap<number, PartPose>;
}

/**
 * The placement problem: parts with their turned shapes, connectors on edges (declared ones
 * where the spec says; the rest dealt to the edge with the most room left), weighted nets,
 * decoupling pairs and keep-outs, all in board-local millimetres.
 */
export function buildProblem(
  parts: readonly PlacerPart[],
  nets: readonly LayoutNet[],
  spec: BoardSpec,
  decoupling: readonly DecouplingAssignment[],
  edgeClearance: number,
  decouplingReach: number,
): BuiltProblem {
  const groupIds = new Map<string, number>();
  const problemParts: ProblemPart[] = parts.map((p, index) => {
    const padsOf = new Map<string, number[]>();
    p.shape.pads.forEach((pad, i) => {
      if (pad.number === "") return;
      const list = padsOf.get(pad.number) ?? [];
      list.push(i);
      padsOf.set(pad.number, list);
    });
    let group: number | undefined;
    if (p.group !== undefined) {
      group = groupIds.get(p.group) ?? groupIds.size;
      groupIds.set(p.group, group);
    }
    const declared = spec.edges.get(p.ref);
    return {
      index,
      ref: p.ref,
      role: p.role,
      shape: p.shape,
      turned: turnedShapes(p.shape),
      padsOf,
      edge: p.role === "connector" ? declared : undefined,
      edgeDeclared: declared !== undefined,
      group,
      pinCount: p.shape.pads.length,
    };
  });
  const indexOf = new Map(problemParts.map((p) => [p.ref, p.index]));

  const problemNets: ProblemNet[] = [];
  for (const net of nets) {
    const pins: { part: number; pad: number }[] = [];
    for (const pin of net.pins) {
      const part = indexOf.get(pin.ref);
      if (part === undefined) continue;
      for (const pad of problemParts[part]?.padsOf.get(pin.pin) ?? []) pins.push({ part, pad });
    }
    if (new Set(pins.map((p) => p.part)).size < 2) continue;
    problemNets.push({ name: net.name, weight: netWeight(net, spec.groundPour), pins });
  }

  const pairs: DecouplingPair[] = [];
  for (const d of decoupling) {
    const cap = indexOf.get(d.cap);
    const ic = indexOf.get(d.ic);
    if (cap === undefined || ic === undefined) continue;
    const capPads = problemParts[cap]?.padsOf.get(d.capPin) ?? [];
    const icPads = problemParts[ic]?.padsOf.get(d.icPin) ?? [];
    if (capPads.length === 0 || icPads.length === 0) continue;
    pairs.push({ cap, capPads, ic, icPads, icPin: d.icPin, net: d.net });
  }

  const problem: PlacementProblem = {
    width: spec.width,
    height: spec.height,
    parts: problemParts,
    nets: problemNets,
    decoupling: pairs,
    keepouts: spec.keepouts.map((k) => k.rect),
    grid: spec.grid,
    spacing: spec.spacing,
    edgeMargin: spec.edgeMargin,
    edgeClearance,
    decouplingReach,
  };
  assignEdges(problem, problemParts);

  const holes = new Map<number, PartPose>();
  let corner = 0;
  for (const part of problemParts) {
    if (part.role !== "hole") continue;
    const [cx, cy] = CORNERS[corner++ % CORNERS.length] as readonly [number, number];
    const c = part.turned[0].courtyard;
    const g = spec.grid;
    const inX = Math.ceil(Math.max(-c.minX, c.maxX) / g) * g;
    const inY = Math.ceil(Math.max(-c.minY, c.maxY) / g) * g;
    holes.set(part.index, {
      x: cx === 0 ? inX : Math.floor((spec.width - inX) / g) * g,
      y: cy === 0 ? inY : Math.floor((spec.height - inY) / g) * g,
      rotation: 0,
    });
  }
  return { problem, holes };
}

/** Connectors without a declared edge go, largest first, to the edge with the most room left. */
function assignEdges(problem: PlacementProblem, parts: ProblemPart[]): void {
  const room = new Map<Edge, number>([
    ["left", problem.height],
    ["right", problem.height],
    ["top", problem.width],
    ["bottom", problem.width],
  ]);
  for (const p of parts)
    if (p.role === "connector" && p.edge)
      room.set(p.edge, (room.get(p.edge) ?? 0) - edgeExtent(p, p.edge, problem.spacing));
  const open = parts
    .filter((p) => p.role === "connector" && !p.edge)
    .sort((a, b) => edgeExtent(b, "left", 0) - edgeExtent(a, "left", 0) || a.index - b.index);
  for (const p of open) {
    let best: Edge = "left";
    for (const e of EDGES) if ((room.get(e) ?? 0) > (room.get(best) ?? 0) + 1e-9) best = e;
    room.set(best, (room.get(best) ?? 0) - edgeExtent(p, best, problem.spacing));
    parts[p.index] = { ...p, edge: best };
  }
}
