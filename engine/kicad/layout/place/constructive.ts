import { pushAll } from "../../../array-ops.js";
import { EDGES, type Edge } from "../inputs/layout-config.js";
import { edgeExtent, edgePose } from "./connector-edges.js";
import { QUARTERS, type Quarter } from "./part-shape.js";
import type { PlacerState } from "./placer-state.js";
import { courtyardAt, type PartPose, type ProblemPart } from "./problem.js";

/** Parts the constructive pass could not fit, in the order it tried them. */
export interface ConstructiveResult {
  readonly unplaced: readonly string[];
}

function center(part: ProblemPart, rotation: Quarter): { x: number; y: number } {
  const c = part.turned[rotation].courtyard;
  return { x: (c.minX + c.maxX) / 2, y: (c.minY + c.maxY) / 2 };
}

function snap(v: number, grid: number): number {
  return Math.round(v / grid) * grid;
}

/** The pose that puts the courtyard's centre on `at` with `rotation`, snapped to the grid. */
export function poseCentredAt(
  part: ProblemPart,
  at: { x: number; y: number },
  rotation: Quarter,
  grid: number,
): PartPose {
  const c = center(part, rotation);
  return { x: snap(at.x - c.x, grid), y: snap(at.y - c.y, grid), rotation };
}

/** Connectors along their edge, spread evenly in reference order, then nudged to a free spot. */
function placeConnectors(state: PlacerState): string[] {
  const { problem } = state;
  const unplaced: string[] = [];
  const byEdge = new Map<Edge, ProblemPart[]>();
  for (const part of problem.parts) {
    if (part.role !== "connector" || !part.edge) continue;
    const list = byEdge.get(part.edge) ?? [];
    list.push(part);
    byEdge.set(part.edge, list);
  }
  for (const [edge, parts] of byEdge) {
    const length = edge === "top" || edge === "bottom" ? problem.width : problem.height;
    const total = parts.reduce((sum, p) => sum + edgeExtent(p, edge, problem.spacing), 0);
    let cursor = Math.max(0, (length - total) / 2);
    for (const part of parts) {
      const extent = edgeExtent(part, edge, problem.spacing);
      const want = cursor + extent / 2;
      cursor += extent;
      if (placeAlongEdge(state, part, edge, want, length)) continue;
      // A full edge: an undeclared connector tries the others before giving up its edge.
      const others = part.edgeDeclared ? [] : EDGES.filter((e) => e !== edge);
      const moved = others.some((e) => {
        state.edges[part.index] = e;
        const along = e === "top" || e === "bottom" ? problem.width : problem.height;
        if (placeAlongEdge(state, part, e, along / 2, along)) return true;
        state.edges[part.index] = edge;
        return false;
      });
      if (moved) continue;
      if (part.edgeDeclared) unplaced.push(part.ref);
      // No edge has room: it goes inside the board with the other parts (the report says so).
      else state.edges[part.index] = undefined;
    }
  }
  return unplaced;
}

/** Tries `want`, then alternately further each way along the edge, until a spot is free. */
export function placeAlongEdge(
  state: PlacerState,
  part: ProblemPart,
  edge: Edge,
  wantCentre: number,
  length: number,
): boolean {
  const { problem } = state;
  const step = problem.grid;
  // The pose across the edge is the same all along it: work it out once, slide the rest.
  const base = edgePose(problem, part, edge, 0);
  const turned = part.turned[base.rotation].courtyard;
  const alongX = edge === "top" || edge === "bottom";
  const lo = alongX ? turned.minX : turned.minY;
  const hi = alongX ? turned.maxX : turned.maxY;
  const snap = (v: number, up: boolean) =>
    (up ? Math.ceil(v / step - 1e-9) : Math.floor(v / step + 1e-9)) * step;
  const poseAt = (origin: number) => (alongX ? { ...base, x: origin } : { ...base, y: origin });
  const start = Math.round((wantCentre - (lo + hi) / 2) / step) * step;
  // Walk each way from the wanted spot, jumping past whatever part blocks it, so a crowded edge
  // costs one test per neighbour rather than one per grid step.
  const walk = (dir: 1 | -1): number | undefined => {
    let origin = start;
    for (let guard = 0; guard < 10_000; guard++) {
      if (origin + lo < -step || origin + hi > length + step) return undefined;
      const pose = poseAt(origin);
      if (state.legal(part.index, pose)) return origin;
      const box = courtyardAt(part, pose);
      const blockers = state.occupancy.colliding(box, problem.spacing, part.index);
      let next = origin + dir * step;
      for (const id of blockers) {
        const r = state.occupancy.get(id);
        if (!r) continue;
        const beyond =
          dir > 0
            ? snap((alongX ? r.maxX : r.maxY) + problem.spacing - lo, true)
            : snap((alongX ? r.minX : r.minY) - problem.spacing - hi, false);
        next = dir > 0 ? Math.max(next, beyond) : Math.min(next, beyond);
      }
      origin = next;
    }
    return undefined;
  };
  const up = walk(1);
  const down = walk(-1);
  const pick =
    up === undefined
      ? down
      : down === undefined
        ? up
        : Math.abs(up - start) <= Math.abs(start - down)
          ? up
          : down;
  if (pick === undefined) return false;
  state.place(part.index, poseAt(pick));
  return true;
}

/**
 * Where a part wants to be: the weighted mean of the centres of its nets' placed pins (the
 * part itself is not placed yet), so a supply net's hundred pins cost one look-up, not a loop.
 */
function target(state: PlacerState, part: ProblemPart): { x: number; y: number } | undefined {
  let sx = 0;
  let sy = 0;
  let w = 0;
  for (const n of state.netsOfPart(part.index)) {
    const net = state.problem.nets[n];
    if (!net || net.weight === 0) continue;
    const c = state.netCentre(n);
    if (!c) continue;
    sx += c.x * net.weight;
    sy += c.y * net.weight;
    w += net.weight;
  }
  for (const k of state.pairsOfPart(part.index)) {
    const pair = state.problem.decoupling[k];
    if (!pair) continue;
    const other =
      pair.cap === part.index
        ? state.pin(pair.ic, pair.icPads[0] as number)
        : state.pin(pair.cap, pair.capPads[0] as number);
    if (!other) continue;
    sx += other.x * 20;
    sy += other.y * 20;
    w += 20;
  }
  return w === 0 ? undefined : { x: sx / w, y: sy / w };
}

/**
 * How strongly each unplaced part is tied to what is placed (the growth order), kept up to date
 * as parts are placed: a net counts for a part once any other part on it is down.
 */
class Attachment {
  readonly tie: number[];
  private readonly netPlaced: boolean[];

  constructor(private readonly state: PlacerState) {
    this.tie = state.problem.parts.map(() => 0);
    this.netPlaced = state.problem.nets.map(() => false);
  }

  placed(i: number): void {
    const { problem } = this.state;
    for (const n of this.state.netsOfPart(i)) {
      const net = problem.nets[n];
      if (!net || net.weight === 0 || this.netPlaced[n]) continue;
      this.netPlaced[n] = true;
      const seen = new Set<number>([i]);
      for (const pin of net.pins) {
        if (seen.has(pin.part)) continue;
        seen.add(pin.part);
        this.tie[pin.part] = (this.tie[pin.part] ?? 0) + net.weight;
      }
    }
    for (const k of this.state.pairsOfPart(i)) {
      const pair = problem.decoupling[k];
      if (!pair) continue;
      const other = pair.cap === i ? pair.ic : pair.cap;
      this.tie[other] = (this.tie[other] ?? 0) + 10;
    }
  }
}

/**
 * Rings of candidate spots around `want`, nearest first; each spot tried with every turn. The
 * cheapest legal pose within a few rings of the first legal one wins.
 */
export function bestPose(
  state: PlacerState,
  part: ProblemPart,
  want: { x: number; y: number },
): PartPose | undefined {
  const { problem } = state;
  const step = Math.max(problem.grid, 0.5);
  const reach = Math.max(problem.width, problem.height) + step;
  let best: { pose: PartPose; cost: number } | undefined;
  let firstRing: number | undefined;
  for (let r = 0; r * step <= reach; r++) {
    if (firstRing !== undefined && r > firstRing + 4) break;
    const spots: { x: number; y: number }[] = [];
    if (r === 0) spots.push(want);
    else
      for (let k = -r; k < r; k++) {
        spots.push({ x: want.x + k * step, y: want.y - r * step });
        spots.push({ x: want.x + r * step, y: want.y + k * step });
        spots.push({ x: want.x - k * step, y: want.y + r * step });
        spots.push({ x: want.x - r * step, y: want.y - k * step });
      }
    for (const spot of spots) {
      // A spot inside another courtyard cannot hold this part's centre, whatever its turn.
      if (state.occupancy.covers(spot.x, spot.y, problem.spacing)) continue;
      for (const rotation of QUARTERS) {
        const pose = poseCentredAt(part, spot, rotation, problem.grid);
        if (!state.legal(part.index, pose)) continue;
        state.place(part.index, pose);
        const cost =
          state.localCost([part.index]) + 1e-3 * Math.hypot(spot.x - want.x, spot.y - want.y);
        state.unplace(part.index);
        if (!best || cost < best.cost - 1e-12) best = { pose, cost };
        firstRing ??= r;
      }
    }
  }
  return best?.pose;
}

/**
 * The first placement: holes and connectors on their spots, then the rest grown as a cluster —
 * always the part most tied to what is placed (ICs first among equals), each at the cheapest
 * legal spot near the pins it connects to, so decoupling caps land next to their IC.
 */
export function placeConstructively(
  state: PlacerState,
  holes: ReadonlyMap<number, PartPose>,
): ConstructiveResult {
  const unplaced: string[] = [];
  for (const [i, pose] of holes) state.place(i, pose);
  pushAll(unplaced, placeConnectors(state));
  const rest = state.problem.parts.filter(
    (p) => p.role === "part" || (p.role === "connector" && state.edges[p.index] === undefined),
  );
  const centre = { x: state.problem.width / 2, y: state.problem.height / 2 };
  const open = new Set(rest.map((p) => p.index));
  const ties = new Attachment(state);
  for (const [i, pose] of state.poses.entries()) if (pose) ties.placed(i);
  while (open.size > 0) {
    let pick: ProblemPart | undefined;
    let pickTie = -1;
    for (const i of open) {
      const part = state.part(i);
      const tie = ties.tie[i] ?? 0;
      if (
        !pick ||
        tie > pickTie ||
        (tie === pickTie &&
          (part.pinCount > pick.pinCount ||
            (part.pinCount === pick.pinCount && part.index < pick.index)))
      ) {
        pick = part;
        pickTie = tie;
      }
    }
    if (!pick) break;
    open.delete(pick.index);
    const pose = bestPose(state, pick, target(state, pick) ?? centre);
    if (pose) {
      state.place(pick.index, pose);
      ties.placed(pick.index);
    } else unplaced.push(pick.ref);
  }
  return { unplaced };
}
