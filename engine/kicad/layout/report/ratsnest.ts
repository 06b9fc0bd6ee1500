import type { Point } from "../../geometry/point.js";
import { type PartPose, type PlacementProblem, padAt } from "../place/problem.js";

/**
 * The length of the minimum spanning tree over `points` (Prim's algorithm, Euclidean): the
 * ratsnest KiCad draws for a net, and the shortest total track a router could hope for.
 */
export function spanningLength(points: readonly Point[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const best = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  best[0] = 0;
  let total = 0;
  for (let k = 0; k < n; k++) {
    let u = -1;
    for (let i = 0; i < n; i++)
      if (!done[i] && (u < 0 || (best[i] as number) < (best[u] as number))) u = i;
    done[u] = true;
    total += best[u] as number;
    const p = points[u] as Point;
    for (let i = 0; i < n; i++) {
      if (done[i]) continue;
      const q = points[i] as Point;
      const d = Math.hypot(p.x - q.x, p.y - q.y);
      if (d < (best[i] as number)) best[i] = d;
    }
  }
  return total;
}

/** Each net's spanning length over its pads at `poses` (nets of the problem, in its order). */
export function netRatsnest(
  problem: PlacementProblem,
  poses: readonly (PartPose | undefined)[],
): number[] {
  return problem.nets.map((net) => {
    const points: Point[] = [];
    for (const { part, pad } of net.pins) {
      const pose = poses[part];
      if (pose)
        points.push(padAt(problem.parts[part] as PlacementProblem["parts"][number], pose, pad));
    }
    return spanningLength(points);
  });
}
