import { poseCentredAt } from "./constructive.js";
import { QUARTERS } from "./part-shape.js";
import type { PlacerState } from "./placer-state.js";
import type { PartPose } from "./problem.js";

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
    for (let dx = -r; dx <= r + 1e-9; dx += step) {
      for (let dy = -r; dy <= r + 1e-9; dy += step) {
        for (const rotation of QUARTERS) {
          const pose = poseCentredAt(
            cap,
            { x: anchor.x + dx, y: anchor.y + dy },
            rotation,
            problem.grid,
          );
          if (!state.legal(pair.cap, pose)) continue;
          state.place(pair.cap, pose);
          const reached = (state.pairDistance(k) ?? Infinity) <= problem.decouplingReach;
          const cost = reached ? state.localCost([pair.cap]) : Infinity;
          state.unplace(pair.cap);
          if (reached && (!best || cost < best.cost - 1e-12)) best = { pose, cost };
        }
      }
    }
    if (best) {
      state.place(pair.cap, best.pose);
      moved++;
    } else state.place(pair.cap, old);
  });
  return moved;
}
