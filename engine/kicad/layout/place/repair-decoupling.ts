import { bestPose, poseCentredAt } from "./constructive.js";
import { QUARTERS } from "./part-shape.js";
import type { PlacerState } from "./placer-state.js";
import { courtyardAt, type PartPose, type ProblemPart } from "./problem.js";

/**
 * A last pass for decoupling caps the annealer left out of reach of their pin: each is tried at
 * every free spot (all four turns) around the pin, within reach, and moved to the cheapest; a
 * cap with no free spot there stays where it is (the report names it).
 */
export function repairDecoupling(state: PlacerState): number {
  const { problem } = state;
  let moved = 0;
  problem.decoupling.forEach((pair, k) => {
    const distance = state.pairDistance(k);
    if (distance === undefined || distance <= problem.decouplingReach) return;
    const cap = state.part(pair.cap);
    const old = state.poses[pair.cap] as PartPose;
    const anchor = state.pin(pair.ic, pair.icPads[0] as number);
    if (!anchor) return;
    const step = Math.max(problem.grid, 0.25);
    const r = problem.decouplingReach + 2;
    state.unplace(pair.cap);
    let best: { pose: PartPose; cost: number } | undefined;
    for (const pose of posesAround(cap, anchor, r, step, problem.grid)) {
      if (!state.legal(pair.cap, pose)) continue;
      state.place(pair.cap, pose);
      const reached = (state.pairDistance(k) ?? Infinity) <= problem.decouplingReach;
      const cost = reached ? state.localCost([pair.cap]) : Infinity;
      state.unplace(pair.cap);
      if (reached && (!best || cost < best.cost - 1e-12)) best = { pose, cost };
    }
    if (best) {
      state.place(pair.cap, best.pose);
      moved++;
    } else if (evictOne(state, k, anchor, r, step)) moved++;
    else state.place(pair.cap, old);
  });
  return moved;
}

/**
 * No free spot within reach: take the spot one ordinary part blocks (not a hole, a connector or
 * another decoupling cap), and move that part to the nearest spot it can have instead.
 */
function evictOne(
  state: PlacerState,
  k: number,
  anchor: { x: number; y: number },
  r: number,
  step: number,
): boolean {
  const { problem } = state;
  const pair = problem.decoupling[k];
  if (!pair) return false;
  const cap = state.part(pair.cap);
  const caps = new Set(problem.decoupling.map((p) => p.cap));
  for (const pose of posesAround(cap, anchor, r, step, problem.grid)) {
    const blockers = state.occupancy.colliding(courtyardAt(cap, pose), problem.spacing, pair.cap);
    if (blockers.length !== 1) continue;
    const blocker = blockers[0] as number;
    const other = state.part(blocker);
    if (other.role !== "part" || caps.has(blocker)) continue;
    const otherPose = state.poses[blocker] as PartPose;
    state.unplace(blocker);
    if (!state.legal(pair.cap, pose)) {
      state.place(blocker, otherPose);
      continue;
    }
    state.place(pair.cap, pose);
    if ((state.pairDistance(k) ?? Infinity) > problem.decouplingReach) {
      state.unplace(pair.cap);
      state.place(blocker, otherPose);
      continue;
    }
    const c = courtyardAt(other, otherPose);
    const elsewhere = bestPose(state, other, {
      x: (c.minX + c.maxX) / 2,
      y: (c.minY + c.maxY) / 2,
    });
    if (elsewhere) {
      state.place(blocker, elsewhere);
      return true;
    }
    state.unplace(pair.cap);
    state.place(blocker, otherPose);
  }
  return false;
}

/** Every pose of `part` with its courtyard centred on a `step` grid within `r` of `anchor`, all turns. */
function* posesAround(
  part: ProblemPart,
  anchor: { x: number; y: number },
  r: number,
  step: number,
  grid: number,
): Generator<PartPose> {
  for (let dx = -r; dx <= r + 1e-9; dx += step)
    for (let dy = -r; dy <= r + 1e-9; dy += step)
      for (const rotation of QUARTERS)
        yield poseCentredAt(part, { x: anchor.x + dx, y: anchor.y + dy }, rotation, grid);
}
