import type { Edge } from "../inputs/layout-config.js";
import { type AnnealOptions, type AnnealStats, anneal, DEFAULT_ANNEAL } from "./anneal.js";
import { placeConstructively } from "./constructive.js";
import { PlacerState } from "./placer-state.js";
import type { PartPose, PlacementProblem } from "./problem.js";
import { repairDecoupling } from "./repair-decoupling.js";
import { seeded } from "./seeded-random.js";

export interface PlacedParts {
  /** By part index; undefined for parts that did not fit. */
  readonly poses: readonly (PartPose | undefined)[];
  /** The edge each connector ended on. */
  readonly edges: readonly (Edge | undefined)[];
  readonly unplaced: readonly string[];
  readonly anneal: AnnealStats;
  /** Per decoupling pair (problem order): the cap pad's distance to its IC pin, mm. */
  readonly decouplingDistances: readonly (number | undefined)[];
  readonly cost: number;
}

/**
 * Places every part: holes fixed, connectors on their edges, the rest grown as a cluster and
 * then annealed. The same problem and seed give the same placement.
 */
export function placeParts(
  problem: PlacementProblem,
  holes: ReadonlyMap<number, PartPose>,
  seed: number,
  options: AnnealOptions = DEFAULT_ANNEAL,
): PlacedParts {
  const state = new PlacerState(problem);
  const first = placeConstructively(state, holes);
  const stats =
    first.unplaced.length === 0
      ? anneal(state, seeded(seed), options)
      : { moves: 0, accepted: 0, before: state.totalCost(), after: state.totalCost() };
  if (first.unplaced.length === 0) repairDecoupling(state);
  return {
    poses: [...state.poses],
    edges: [...state.edges],
    unplaced: first.unplaced,
    anneal: stats,
    decouplingDistances: problem.decoupling.map((_, k) => state.pairDistance(k)),
    cost: state.totalCost(),
  };
}
