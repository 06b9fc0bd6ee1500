import { EDGES, type Edge } from "../inputs/layout-config.js";
import { edgePose } from "./connector-edges.js";
import { poseCentredAt } from "./constructive.js";
import { QUARTERS, type Quarter } from "./part-shape.js";
import type { PlacerState } from "./placer-state.js";
import { courtyardAt, type PartPose, type ProblemPart } from "./problem.js";

export interface AnnealOptions {
  /** Moves per part per temperature step. */
  readonly movesPerPart: number;
  /** Temperature steps (the temperature falls by `cooling` each). */
  readonly steps: number;
  readonly cooling: number;
}

export const DEFAULT_ANNEAL: AnnealOptions = { movesPerPart: 6, steps: 60, cooling: 0.9 };

export interface AnnealStats {
  readonly moves: number;
  readonly accepted: number;
  readonly before: number;
  readonly after: number;
}

interface Undo {
  readonly poses: PartPose[];
  readonly edges: (Edge | undefined)[];
}

interface Move {
  readonly ids: number[];
  readonly poses: PartPose[];
  /** Part edges changed by the move (connectors that switch edge). */
  readonly edges?: Map<number, Edge>;
}

function centreOf(part: ProblemPart, pose: PartPose): { x: number; y: number } {
  const c = courtyardAt(part, pose);
  return { x: (c.minX + c.maxX) / 2, y: (c.minY + c.maxY) / 2 };
}

/**
 * Simulated annealing over legal placements: a part shifts (within a window that shrinks as it
 * cools), turns, swaps with another, or — a connector — slides along its edge or, when no one
 * declared its edge, moves to another. Only legal moves are tried; one that would pull a
 * decoupling cap out of reach of its pin is refused. Deterministic for a given `rnd`.
 */
export function anneal(
  state: PlacerState,
  rnd: () => number,
  options: AnnealOptions = DEFAULT_ANNEAL,
): AnnealStats {
  const { problem } = state;
  const movable = problem.parts.filter((p) => p.role !== "hole" && state.poses[p.index]);
  const free = movable.filter(
    (p) => p.role === "part" || (p.role === "connector" && state.edges[p.index] === undefined),
  );
  const before = state.totalCost();
  if (movable.length === 0) return { moves: 0, accepted: 0, before, after: before };
  let window = Math.max(problem.width, problem.height) / 2;
  const minWindow = Math.max(problem.grid * 4, 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

  const propose = (): Move | undefined => {
    const part = pick(movable);
    const pose = state.poses[part.index] as PartPose;
    const r = rnd();
    if (part.role === "connector" && state.edges[part.index] !== undefined) {
      const edge = state.edges[part.index] as Edge;
      if (!part.edgeDeclared && r < 0.08) {
        const other = pick(EDGES.filter((e) => e !== edge));
        const length = other === "top" || other === "bottom" ? problem.width : problem.height;
        const next = edgePose(problem, part, other, rnd() * length);
        return { ids: [part.index], poses: [next], edges: new Map([[part.index, other]]) };
      }
      const alongX = edge === "top" || edge === "bottom";
      const along = (alongX ? pose.x : pose.y) + (rnd() * 2 - 1) * window;
      return { ids: [part.index], poses: [edgePose(problem, part, edge, along)] };
    }
    if (r < 0.15 && free.length > 1) {
      const other = pick(free);
      if (other.index === part.index) return undefined;
      const otherPose = state.poses[other.index] as PartPose;
      const a = centreOf(part, pose);
      const b = centreOf(other, otherPose);
      return {
        ids: [part.index, other.index],
        poses: [
          poseCentredAt(part, b, pose.rotation, problem.grid),
          poseCentredAt(other, a, otherPose.rotation, problem.grid),
        ],
      };
    }
    const c = centreOf(part, pose);
    if (r < 0.3) {
      const rotation = pick(QUARTERS.filter((q) => q !== pose.rotation)) as Quarter;
      return { ids: [part.index], poses: [poseCentredAt(part, c, rotation, problem.grid)] };
    }
    const to = { x: c.x + (rnd() * 2 - 1) * window, y: c.y + (rnd() * 2 - 1) * window };
    return { ids: [part.index], poses: [poseCentredAt(part, to, pose.rotation, problem.grid)] };
  };

  /** Applies a move if every new pose is legal; returns the old poses to undo it, or undefined. */
  const apply = (move: Move): Undo | undefined => {
    const old = move.ids.map((i) => state.poses[i] as PartPose);
    const oldEdges = move.ids.map((i) => state.edges[i]);
    for (const i of move.ids) state.unplace(i);
    for (const [i, edge] of move.edges ?? []) state.edges[i] = edge;
    for (const [k, i] of move.ids.entries()) {
      const pose = move.poses[k] as PartPose;
      if (!state.legal(i, pose)) {
        undo(move, { poses: old, edges: oldEdges });
        return undefined;
      }
      state.place(i, pose);
    }
    return { poses: old, edges: oldEdges };
  };

  function undo(move: Move, old: Undo): void {
    for (const i of move.ids) state.unplace(i);
    move.ids.forEach((i, n) => {
      state.edges[i] = old.edges[n];
      state.place(i, old.poses[n] as PartPose);
    });
  }

  // The starting temperature: the mean uphill step of a sample of moves.
  let uphill = 0;
  let samples = 0;
  for (let s = 0; s < 200; s++) {
    const move = propose();
    if (!move) continue;
    const cost0 = state.localCost(move.ids);
    const old = apply(move);
    if (!old) continue;
    const delta = state.localCost(move.ids) - cost0;
    undo(move, old);
    if (delta > 0) {
      uphill += delta;
      samples++;
    }
  }
  let temperature = samples > 0 ? uphill / samples : 1;
  let moves = 0;
  let accepted = 0;
  const perStep = Math.max(20, Math.round(options.movesPerPart * movable.length));
  for (let step = 0; step < options.steps; step++) {
    const greedy = step >= options.steps - 3;
    for (let m = 0; m < perStep; m++) {
      const move = propose();
      if (!move) continue;
      moves++;
      const reach = new Set(move.ids.flatMap((i) => state.pairsWithinReach(i)));
      const cost0 = state.localCost(move.ids);
      const old = apply(move);
      if (!old) continue;
      const delta = state.localCost(move.ids) - cost0;
      const lostReach = [...reach].some(
        (k) => (state.pairDistance(k) ?? Infinity) > problem.decouplingReach,
      );
      const take =
        !lostReach &&
        (delta <= 0 || (!greedy && rnd() < Math.exp(-delta / Math.max(temperature, 1e-9))));
      if (take) accepted++;
      else undo(move, old);
    }
    temperature *= options.cooling;
    window = Math.max(minWindow, window * 0.93);
  }
  return { moves, accepted, before, after: state.totalCost() };
}
