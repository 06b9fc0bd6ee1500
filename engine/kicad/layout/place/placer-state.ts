import type { Point } from "../../geometry/point.js";
import type { Rect } from "../../geometry/rect.js";
import type { Edge } from "../inputs/layout-config.js";
import { NetBoxes } from "./net-boxes.js";
import { Occupancy } from "./occupancy.js";
import {
  courtyardAt,
  type PartPose,
  type PlacementProblem,
  type ProblemPart,
  padAt,
} from "./problem.js";

/** How much a decoupling cap's distance to its pin weighs against a signal net's length. */
export const DECOUPLING_WEIGHT = 6;
/** A footprint's silkscreen stays this far inside the board edge (KiCad's silk_edge_clearance). */
export const SILK_EDGE_KEEP = 0.1;
/**
 * Out of reach costs a step plus this much per mm beyond: even a hair over the reach is worth a
 * detour of several millimetres of signal net to fix.
 */
export const REACH_PENALTY = 40;
export const REACH_STEP = 30;
/** How much a group's spread weighs: enough to keep a subsystem together, less than its nets. */
export const GROUP_WEIGHT = 0.3;

/**
 * The placer's mutable state: every part's pose (undefined while unplaced), an occupancy index
 * of the placed courtyards, and the cost terms each part touches, so a move is judged by
 * recomputing only those.
 */
export class PlacerState {
  readonly poses: (PartPose | undefined)[];
  /** The edge each connector sits on now (undeclared ones may move); undefined for others. */
  readonly edges: (Edge | undefined)[];
  readonly occupancy: Occupancy;
  private readonly netsOf: number[][];
  private readonly pairsOf: number[][];
  private readonly groups: number[][];
  /** Index into `groups` per part, -1 for parts outside any group of two or more. */
  private readonly groupOf: number[];
  /** Per part, its pins on weighted nets: (net, pad). */
  private readonly pinsOfPart: { net: number; pad: number }[][];
  private readonly boxes: NetBoxes;
  private stamp = 0;
  private readonly netSeen: Float64Array;
  private readonly pairSeen: Float64Array;
  private readonly groupSeen: Float64Array;

  constructor(readonly problem: PlacementProblem) {
    const n = problem.parts.length;
    this.poses = new Array(n).fill(undefined);
    this.edges = problem.parts.map((p) => p.edge);
    this.occupancy = new Occupancy(4);
    this.netsOf = problem.parts.map(() => []);
    this.pairsOf = problem.parts.map(() => []);
    problem.nets.forEach((net, i) => {
      const seen = new Set<number>();
      for (const pin of net.pins) {
        if (seen.has(pin.part)) continue;
        seen.add(pin.part);
        this.netsOf[pin.part]?.push(i);
      }
    });
    problem.decoupling.forEach((pair, i) => {
      this.pairsOf[pair.cap]?.push(i);
      this.pairsOf[pair.ic]?.push(i);
    });
    const groups = new Map<number, number[]>();
    for (const part of problem.parts) {
      if (part.group === undefined) continue;
      const list = groups.get(part.group) ?? [];
      list.push(part.index);
      groups.set(part.group, list);
    }
    this.groups = [...groups.values()].filter((g) => g.length > 1);
    this.groupOf = problem.parts.map(() => -1);
    this.groups.forEach((members, g) => {
      for (const m of members) this.groupOf[m] = g;
    });
    this.pinsOfPart = problem.parts.map(() => []);
    problem.nets.forEach((net, n) => {
      if (net.weight === 0) return;
      for (const pin of net.pins) this.pinsOfPart[pin.part]?.push({ net: n, pad: pin.pad });
    });
    this.boxes = new NetBoxes(problem.nets.length, (n, visit) => this.eachPlacedPin(n, visit));
    this.netSeen = new Float64Array(problem.nets.length);
    this.pairSeen = new Float64Array(problem.decoupling.length);
    this.groupSeen = new Float64Array(this.groups.length);
  }

  private eachPlacedPin(n: number, visit: (x: number, y: number) => void): void {
    for (const { part, pad } of this.problem.nets[n]?.pins ?? []) {
      const pose = this.poses[part];
      if (!pose) continue;
      const p = this.part(part).turned[pose.rotation].pads[pad] as Point;
      visit(p.x + pose.x, p.y + pose.y);
    }
  }

  part(i: number): ProblemPart {
    return this.problem.parts[i] as ProblemPart;
  }

  place(i: number, pose: PartPose): void {
    if (this.poses[i]) this.unplace(i);
    this.poses[i] = pose;
    this.occupancy.set(i, courtyardAt(this.part(i), pose));
    const pads = this.part(i).turned[pose.rotation].pads;
    for (const { net, pad } of this.pinsOfPart[i] ?? []) {
      const p = pads[pad] as Point;
      this.boxes.add(net, p.x + pose.x, p.y + pose.y);
    }
  }

  unplace(i: number): void {
    const pose = this.poses[i];
    if (!pose) return;
    const pads = this.part(i).turned[pose.rotation].pads;
    for (const { net, pad } of this.pinsOfPart[i] ?? []) {
      const p = pads[pad] as Point;
      this.boxes.remove(net, p.x + pose.x, p.y + pose.y);
    }
    this.poses[i] = undefined;
    this.occupancy.remove(i);
  }

  /** Whether part `i` may stand at `pose`, other parts as they are (itself and `ignore` excepted). */
  legal(i: number, pose: PartPose, ignore?: ReadonlySet<number>): boolean {
    const { problem } = this;
    const part = this.part(i);
    const box = courtyardAt(part, pose);
    const m = problem.edgeMargin;
    let left = m;
    let right = m;
    let top = m;
    let bottom = m;
    if (part.role === "hole") left = right = top = bottom = 0;
    else if (part.role === "connector") {
      const edge = this.edges[i];
      if (edge === "left") left = 0;
      if (edge === "right") right = 0;
      if (edge === "top") top = 0;
      if (edge === "bottom") bottom = 0;
    }
    const eps = 1e-9;
    if (box.minX < left - eps || box.minY < top - eps) return false;
    if (box.maxX > problem.width - right + eps || box.maxY > problem.height - bottom + eps)
      return false;
    const keep = problem.edgeClearance + 0.05;
    const turned = part.turned[pose.rotation];
    const pads = turned.padBox;
    if (pads) {
      if (pads.minX + pose.x < keep || pads.minY + pose.y < keep) return false;
      if (pads.maxX + pose.x > problem.width - keep || pads.maxY + pose.y > problem.height - keep)
        return false;
    }
    const silk = turned.silk;
    if (silk) {
      const keepSilk = SILK_EDGE_KEEP;
      if (silk.minX + pose.x < keepSilk || silk.minY + pose.y < keepSilk) return false;
      if (
        silk.maxX + pose.x > problem.width - keepSilk ||
        silk.maxY + pose.y > problem.height - keepSilk
      )
        return false;
    }
    for (const k of problem.keepouts) if (overlaps(box, k, problem.spacing)) return false;
    const skip = ignore ? new Set([...ignore, i]) : i;
    return !this.occupancy.collides(box, problem.spacing, skip);
  }

  /** Pad centre of a pin, or undefined while its part is unplaced. */
  pin(part: number, pad: number): Point | undefined {
    const pose = this.poses[part];
    return pose ? padAt(this.part(part), pose, pad) : undefined;
  }

  /** Weighted half-perimeter of net `n` over its placed pins. */
  netCost(n: number): number {
    const weight = this.problem.nets[n]?.weight ?? 0;
    return weight === 0 ? 0 : weight * this.boxes.halfPerimeter(n);
  }

  pairDistance(k: number): number | undefined {
    const pair = this.problem.decoupling[k];
    if (!pair || !this.poses[pair.cap] || !this.poses[pair.ic]) return undefined;
    let best = Infinity;
    for (const cp of pair.capPads) {
      const a = this.pin(pair.cap, cp) as Point;
      for (const ip of pair.icPads) {
        const b = this.pin(pair.ic, ip) as Point;
        best = Math.min(best, Math.hypot(a.x - b.x, a.y - b.y));
      }
    }
    return best;
  }

  private pairCost(k: number): number {
    const d = this.pairDistance(k);
    if (d === undefined) return 0;
    const over = d - this.problem.decouplingReach;
    return DECOUPLING_WEIGHT * d + (over > 0 ? REACH_STEP + REACH_PENALTY * over : 0);
  }

  private groupCost(g: number): number {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let count = 0;
    for (const i of this.groups[g] ?? []) {
      const pose = this.poses[i];
      if (!pose) continue;
      count++;
      minX = Math.min(minX, pose.x);
      maxX = Math.max(maxX, pose.x);
      minY = Math.min(minY, pose.y);
      maxY = Math.max(maxY, pose.y);
    }
    return count < 2 ? 0 : GROUP_WEIGHT * (maxX - minX + maxY - minY);
  }

  /** The cost terms parts `ids` take part in, summed (the part of the total a move can change). */
  localCost(ids: readonly number[]): number {
    // Each term once, even when two moved parts share it: stamps instead of a Set per call
    // (this runs twice per annealing move).
    const stamp = ++this.stamp;
    let cost = 0;
    for (const i of ids) {
      for (const n of this.netsOf[i] ?? []) {
        if (this.netSeen[n] === stamp) continue;
        this.netSeen[n] = stamp;
        cost += this.netCost(n);
      }
      for (const k of this.pairsOf[i] ?? []) {
        if (this.pairSeen[k] === stamp) continue;
        this.pairSeen[k] = stamp;
        cost += this.pairCost(k);
      }
      const g = this.groupOf[i] ?? -1;
      if (g >= 0 && this.groupSeen[g] !== stamp) {
        this.groupSeen[g] = stamp;
        cost += this.groupCost(g);
      }
    }
    return cost;
  }

  totalCost(): number {
    let cost = 0;
    for (let n = 0; n < this.problem.nets.length; n++) cost += this.netCost(n);
    for (let k = 0; k < this.problem.decoupling.length; k++) cost += this.pairCost(k);
    for (let g = 0; g < this.groups.length; g++) cost += this.groupCost(g);
    return cost;
  }

  /** Decoupling pairs of part `i` that are currently within reach. */
  pairsWithinReach(i: number): number[] {
    return (this.pairsOf[i] ?? []).filter(
      (k) => (this.pairDistance(k) ?? Infinity) <= this.problem.decouplingReach,
    );
  }

  /** The centre of net `n`'s placed pins' box, or undefined with none placed. */
  netCentre(n: number): { x: number; y: number } | undefined {
    const c = this.boxes.centre(n);
    return c.pins === 0 ? undefined : c;
  }

  netsOfPart(i: number): readonly number[] {
    return this.netsOf[i] ?? [];
  }

  pairsOfPart(i: number): readonly number[] {
    return this.pairsOf[i] ?? [];
  }
}

function overlaps(a: Rect, b: Rect, gap: number): boolean {
  return (
    a.minX < b.maxX + gap && b.minX < a.maxX + gap && a.minY < b.maxY + gap && b.minY < a.maxY + gap
  );
}
