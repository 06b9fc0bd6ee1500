import type { Point } from "../geometry/point.js";
import { type Segment, segmentLength } from "../geometry/segment.js";
import { iuSegment, pointKey, SegmentIndex, toIu } from "../schematic/netlist/point-index.js";
import { UnionFind } from "../schematic/netlist/union-find.js";

/** The drawn shape of one sheet's wiring (wires only: buses are drawn and read differently). */
export interface WireStats {
  segments: number;
  /** Total wire length in mm. */
  length: number;
  /** Places where two wires cross through each other's middle without a junction. */
  crossings: number;
  /** Corners: exactly two wire ends meet there, nothing else passes, and they turn. */
  bends: number;
  /** Wire runs: chains of segments between connection points (see wireStats). */
  runs: number;
  /** Runs drawn as one straight line (no corner anywhere along them). */
  straightRuns: number;
}

/** Points closer than this (mm) to a segment's end are its end, not its middle. */
const END_TOLERANCE_MM = 0.005;

/**
 * Measures the wiring of one sheet. `terminals` are the points where something other than a
 * wire attaches (pins, labels, sheet pins, junctions, no-connect flags, bus entries): a run of
 * wire ends at each of them, and at every point where three or more wire ends meet or a wire
 * end lands on another wire's middle (a T). What remains between them are the runs, and a run
 * is straight when it never turns. Points are compared on KiCad's 100 nm grid.
 */
export function wireStats(
  wires: readonly Segment[],
  junctions: readonly Point[],
  terminals: readonly Point[],
): WireStats {
  const segments = wires.filter((s) => s.a.x !== s.b.x || s.a.y !== s.b.y);
  const stats: WireStats = {
    segments: segments.length,
    length: 0,
    crossings: 0,
    bends: 0,
    runs: 0,
    straightRuns: 0,
  };
  if (segments.length === 0) return stats;

  const ends = new Map<number, number[]>();
  const index = new SegmentIndex<number>();
  segments.forEach((s, i) => {
    stats.length += segmentLength(s);
    for (const p of [s.a, s.b]) {
      const key = pointKey(p);
      const list = ends.get(key);
      if (list) list.push(i);
      else ends.set(key, [i]);
    }
    index.add(iuSegment(s.a, s.b), i);
  });
  const terminalKeys = new Set(terminals.map(pointKey));
  for (const j of junctions) terminalKeys.add(pointKey(j));

  const runs = new UnionFind();
  for (let i = 0; i < segments.length; i++) runs.add();
  const turning = new Set<number>();
  for (const [key, ids] of ends) {
    if (ids.length !== 2) continue;
    const [i, j] = ids as [number, number];
    const p = endPoint(segments[i]!, key);
    const passing = index.at(toIu(p.x), toIu(p.y)).length > 2;
    if (passing) continue;
    const turns = !parallel(segments[i]!, segments[j]!);
    if (turns) stats.bends++;
    if (terminalKeys.has(key)) continue;
    const root = runs.union(i, j);
    if (turns) turning.add(root);
  }
  const roots = new Set<number>();
  for (let i = 0; i < segments.length; i++) roots.add(runs.find(i));
  const turningRoots = new Set([...turning].map((r) => runs.find(r)));
  stats.runs = roots.size;
  stats.straightRuns = [...roots].filter((r) => !turningRoots.has(r)).length;
  stats.crossings = countCrossings(segments, new Set(junctions.map(pointKey)));
  return stats;
}

function endPoint(s: Segment, key: number): Point {
  return pointKey(s.a) === key ? s.a : s.b;
}

function parallel(s: Segment, t: Segment): boolean {
  const cross = (s.b.x - s.a.x) * (t.b.y - t.a.y) - (s.b.y - s.a.y) * (t.b.x - t.a.x);
  return Math.abs(cross) <= 1e-9 * segmentLength(s) * segmentLength(t);
}

/**
 * Pairs of segments whose middles cross at one point. A junction there makes it a four-way
 * connection, not a crossing; an end touching the other wire is a T, not a crossing; wires
 * lying on top of each other are an overlap, not a crossing. Horizontal against vertical (the
 * bulk of any sheet) is a sorted sweep; the rare slanted wires are tested against everything.
 */
function countCrossings(segments: readonly Segment[], junctions: ReadonlySet<number>): number {
  const horizontals: Array<{ y: number; minX: number; maxX: number }> = [];
  const verticals: Array<{ x: number; minY: number; maxY: number }> = [];
  const slanted: number[] = [];
  segments.forEach((s, i) => {
    if (s.a.y === s.b.y) {
      horizontals.push({ y: s.a.y, minX: Math.min(s.a.x, s.b.x), maxX: Math.max(s.a.x, s.b.x) });
    } else if (s.a.x === s.b.x) {
      verticals.push({ x: s.a.x, minY: Math.min(s.a.y, s.b.y), maxY: Math.max(s.a.y, s.b.y) });
    } else slanted.push(i);
  });
  verticals.sort((p, q) => p.x - q.x);
  const t = END_TOLERANCE_MM;
  let crossings = 0;
  for (const h of horizontals) {
    for (let k = firstAbove(verticals, h.minX + t); k < verticals.length; k++) {
      const v = verticals[k]!;
      if (v.x >= h.maxX - t) break;
      if (h.y <= v.minY + t || h.y >= v.maxY - t) continue;
      if (!junctions.has(pointKey({ x: v.x, y: h.y }))) crossings++;
    }
  }
  const isSlanted = new Set(slanted);
  for (const i of slanted) {
    segments.forEach((other, j) => {
      if (j === i || (isSlanted.has(j) && j < i)) return;
      const at = interiorCrossing(segments[i]!, other);
      if (at && !junctions.has(pointKey(at))) crossings++;
    });
  }
  return crossings;
}

/** The index of the first vertical whose x is above `x` (binary search). */
function firstAbove(verticals: ReadonlyArray<{ x: number }>, x: number): number {
  let lo = 0;
  let hi = verticals.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (verticals[mid]!.x > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function interiorCrossing(s: Segment, t: Segment): Point | undefined {
  if (parallel(s, t)) return undefined;
  const rx = s.b.x - s.a.x;
  const ry = s.b.y - s.a.y;
  const sx = t.b.x - t.a.x;
  const sy = t.b.y - t.a.y;
  const denominator = rx * sy - ry * sx;
  const qx = t.a.x - s.a.x;
  const qy = t.a.y - s.a.y;
  const u = (qx * sy - qy * sx) / denominator;
  const v = (qx * ry - qy * rx) / denominator;
  const inside = (param: number, length: number) =>
    param * length > END_TOLERANCE_MM && (1 - param) * length > END_TOLERANCE_MM;
  if (!inside(u, segmentLength(s)) || !inside(v, segmentLength(t))) return undefined;
  return { x: s.a.x + u * rx, y: s.a.y + u * ry };
}
