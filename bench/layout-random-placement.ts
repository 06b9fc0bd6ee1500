import { EDGES } from "../engine/kicad/layout/inputs/layout-config.js";
import { edgePose } from "../engine/kicad/layout/place/connector-edges.js";
import { poseCentredAt } from "../engine/kicad/layout/place/constructive.js";
import { QUARTERS } from "../engine/kicad/layout/place/part-shape.js";
import { PlacerState } from "../engine/kicad/layout/place/placer-state.js";
import type { PartPose, PlacementProblem } from "../engine/kicad/layout/place/problem.js";
import { seeded } from "../engine/kicad/layout/place/seeded-random.js";

/**
 * A random legal placement of the same problem, the reference the placer's ratsnest is judged
 * against: holes where the placer puts them, every connector at a random spot of a random edge
 * (its declared one when declared), every other part at a random spot and turn; illegal draws
 * are redrawn. Undefined when the board is too full to finish this way.
 */
export function randomLegalPlacement(
  problem: PlacementProblem,
  holes: ReadonlyMap<number, PartPose>,
  seed: number,
): (PartPose | undefined)[] | undefined {
  const rnd = seeded(seed);
  const state = new PlacerState(problem);
  for (const [i, pose] of holes) state.place(i, pose);
  // Large parts first, as a person filling a board would, so the draw usually finishes.
  const order = problem.parts
    .filter((p) => p.role !== "hole")
    .sort((a, b) => {
      const area = (p: typeof a) =>
        (p.turned[0].courtyard.maxX - p.turned[0].courtyard.minX) *
        (p.turned[0].courtyard.maxY - p.turned[0].courtyard.minY);
      return area(b) - area(a) || a.index - b.index;
    });
  for (const part of order) {
    let placed = false;
    for (let tries = 0; tries < 2000 && !placed; tries++) {
      let pose: PartPose;
      if (part.role === "connector") {
        const edge = part.edgeDeclared
          ? (part.edge as (typeof EDGES)[number])
          : (EDGES[Math.floor(rnd() * 4)] as (typeof EDGES)[number]);
        state.edges[part.index] = edge;
        const length = edge === "top" || edge === "bottom" ? problem.width : problem.height;
        pose = edgePose(problem, part, edge, rnd() * length);
      } else {
        const rotation = QUARTERS[Math.floor(rnd() * 4)] as (typeof QUARTERS)[number];
        pose = poseCentredAt(
          part,
          { x: rnd() * problem.width, y: rnd() * problem.height },
          rotation,
          problem.grid,
        );
      }
      if (state.legal(part.index, pose)) {
        state.place(part.index, pose);
        placed = true;
      }
    }
    // A crowded board: draw among the spots that are still legal (a 1 mm grid, every turn); a
    // connector no edge has room for goes inside, as the placer puts it.
    if (!placed) {
      state.edges[part.index] = undefined;
      const legal: PartPose[] = [];
      for (let x = 0; x <= problem.width; x += 1)
        for (let y = 0; y <= problem.height; y += 1)
          for (const rotation of QUARTERS) {
            const pose = poseCentredAt(part, { x, y }, rotation, problem.grid);
            if (state.legal(part.index, pose)) legal.push(pose);
          }
      const pick = legal[Math.floor(rnd() * legal.length)];
      if (pick) {
        state.place(part.index, pick);
        placed = true;
      }
    }
    if (!placed) return undefined;
  }
  return [...state.poses];
}
