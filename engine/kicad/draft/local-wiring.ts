import type { Point } from "../symbol/geometry.js";
import { snap } from "./drawing.js";
import type { ResolvedIntent } from "./resolved-intent.js";
import { type LocalNet, type Obstacle, routeLocalNets } from "./route-local-nets.js";

/** What local wiring needs of a placed cell, relative to the cell's origin. */
export interface WiringCell {
  obstacles: Obstacle[];
  stubEnds: Map<string, Point>;
}

const shift = (p: Point, o: Point): Point => ({
  x: snap(p.x + o.x, 0.0001),
  y: snap(p.y + o.y, 0.0001),
});

/**
 * Parts joined by a small signal net sit next to each other (so the net can be a short wire):
 * a depth-first walk over those nets, starting from each unvisited part in intent order.
 */
export function signalFlowOrder<T extends { part: { ref: string } }>(
  resolved: ResolvedIntent,
  members: T[],
): T[] {
  const inGroup = new Set(members.map((m) => m.part.ref));
  const next = new Map<string, string[]>();
  for (const n of resolved.nets) {
    if (n.class.class !== "signal" || n.endpoints.length > 3) continue;
    const refs = [...new Set(n.endpoints.map((e) => e.ref))].filter((r) => inGroup.has(r));
    for (const r of refs) next.set(r, [...(next.get(r) ?? []), ...refs.filter((o) => o !== r)]);
  }
  const rank = new Map(members.map((m, i) => [m.part.ref, i]));
  const byRef = new Map(members.map((m) => [m.part.ref, m]));
  const ordered: T[] = [];
  const seen = new Set<string>();
  const visit = (ref: string) => {
    if (seen.has(ref)) return;
    seen.add(ref);
    ordered.push(byRef.get(ref) as T);
    const around = [...new Set(next.get(ref) ?? [])].sort(
      (a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
    );
    for (const r of around) visit(r);
  };
  for (const m of members) visit(m.part.ref);
  return ordered;
}

/** Two-pin signal nets inside this group, drawn as wires where a clear path exists. */
export function localWires(
  resolved: ResolvedIntent,
  group: string,
  placed: readonly { cell: WiringCell; at: Point }[],
): { wired: Set<string>; routes: { net: string; points: Point[]; label: Point }[] } {
  const ends = new Map<string, Point>();
  const obstacles: Obstacle[] = [];
  for (const { cell, at } of placed) {
    for (const [pin, end] of cell.stubEnds) ends.set(pin, shift(end, at));
    for (const o of cell.obstacles) {
      obstacles.push({
        pin: o.pin,
        box: {
          minX: o.box.minX + at.x,
          minY: o.box.minY + at.y,
          maxX: o.box.maxX + at.x,
          maxY: o.box.maxY + at.y,
        },
      });
    }
  }
  const local: LocalNet[] = [];
  for (const n of resolved.nets) {
    if (n.class.class !== "signal" || n.endpoints.length !== 2) continue;
    const [pa, pb] = n.endpoints.map((e) => `${e.ref}.${e.pin.number}`) as [string, string];
    const a = ends.get(pa);
    const b = ends.get(pb);
    const inGroup = n.endpoints.every((e) => resolved.parts.get(e.ref)?.part.group === group);
    if (a && b && inGroup)
      local.push({ name: n.net.name, a: { pin: pa, end: a }, b: { pin: pb, end: b } });
  }
  const routed = routeLocalNets(local, obstacles);
  const wired = new Set<string>();
  const routes: { net: string; points: Point[]; label: Point }[] = [];
  for (const net of local) {
    const points = routed.get(net.name);
    if (!points) continue;
    wired.add(net.a.pin);
    wired.add(net.b.pin);
    // One label names the wired net (KiCad would invent "Net-(…)" otherwise); labels connect
    // anywhere along a wire, so it sits on the longest horizontal run, text above the wire.
    routes.push({ net: net.name, points, label: labelPoint(points) });
  }
  return { wired, routes };
}

/** A grid point on the longest horizontal segment (its start when the wire has none). */
function labelPoint(points: readonly Point[]): Point {
  let best: Point | undefined;
  let bestLength = -1;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as Point;
    const b = points[i + 1] as Point;
    const length = Math.abs(b.x - a.x);
    if (a.y !== b.y || length < 2.54 || length <= bestLength) continue;
    bestLength = length;
    best = { x: snap(Math.min(a.x, b.x) + 1.27, 1.27), y: a.y };
  }
  return best ?? (points[0] as Point);
}
