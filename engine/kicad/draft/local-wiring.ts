import { maxOf, minOf, pushAll } from "../../array-ops.js";
import type { Box, Point } from "../symbol/geometry.js";
import type { DrawnLabel, DrawnWire } from "./drawing.js";
import { snap } from "./drawing.js";
import type { Obstacle } from "./layout/obstacle.js";
import type { StubEnd } from "./layout/stub-end.js";
import { textWidth } from "./pin-attachments.js";
import { pinKey, type ResolvedIntent } from "./resolved-intent.js";
import { RouteRequestError } from "./route/route-error.js";
import { type RoutedNet, type RouteNet, routeNets } from "./route/route-nets.js";

/** What local wiring needs of a placed cell, relative to the cell's origin. */
export interface WiringCell {
  obstacles: Obstacle[];
  stubEnds: Map<string, StubEnd>;
  /** The cell's own wires (stubs, jogs, hung parts' lines): the router keeps from hugging them. */
  wires?: readonly { a: Point; b: Point }[];
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

/** Local wiring of one group, relative to the group's content origin. */
export interface GroupWiring {
  /** Pins whose stub label is dropped: a wired piece of their net carries one label instead. */
  wired: Set<string>;
  wires: DrawnWire[];
  junctions: Point[];
  labels: DrawnLabel[];
}

/** KiCad's own legibility advice: a wire longer than this is better as a label pair. */
const MAX_SPAN = 50.8;

/**
 * A wire may run this much longer than the Manhattan distance between its ends: enough for an
 * op-amp's feedback loop (about 23 mm over), not for a wire looping around the group (an ISP
 * header's lines round an MCU), which reads worse than a label pair.
 */
const MAX_EXCESS = 25.4;

const onGrid = (p: Point) =>
  Math.abs(p.x / 1.27 - Math.round(p.x / 1.27)) < 1e-6 &&
  Math.abs(p.y / 1.27 - Math.round(p.y / 1.27)) < 1e-6;

/**
 * Signal nets with two or more labelled stub ends in this group, wired by the grid maze router
 * (engine/kicad/draft/route) within the group's content area, clear of every body, field, stub,
 * label and hung part: each wired piece of a net gets one label (the router finds it a clear
 * place) instead of one per pin; pins the router could not reach keep their own labels. Small
 * nets are routed first, so the short local connections a reader expects get the clear paths.
 */
export function localWires(
  resolved: ResolvedIntent,
  group: string,
  placed: readonly { cell: WiringCell; at: Point }[],
  bounds: Box,
  /**
   * How far above its anchor a label's text reaches, for the router to keep clear; default the
   * router's one grid (compact; the label's ink reaches 1.86 mm, which the group asks for once
   * it finds two labels touching).
   */
  labelHeight?: number,
): GroupWiring {
  const ends = new Map<string, StubEnd>();
  const obstacles: Obstacle[] = [];
  const drawn: { a: Point; b: Point }[] = [];
  for (const { cell, at } of placed) {
    for (const w of cell.wires ?? []) drawn.push({ a: shift(w.a, at), b: shift(w.b, at) });
    for (const [pin, end] of cell.stubEnds)
      ends.set(pin, { at: shift(end.at, at), from: shift(end.from, at) });
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
  const nets: RouteNet[] = [];
  for (const n of resolved.nets) {
    if (n.class.class !== "signal") continue;
    const terminals = n.endpoints
      .filter((e) => resolved.parts.get(e.ref)?.part.group === group)
      .map((e) => pinKey(e.ref, e.pin.number))
      .flatMap((pin) => {
        const end = ends.get(pin);
        if (!end || !onGrid(end.at)) return [];
        // The stub's pin end keeps every wire and label off the stub (the router's own guess
        // from the obstacle boxes is the fallback).
        return [onGrid(end.from) ? { pin, at: end.at, from: end.from } : { pin, at: end.at }];
      });
    if (terminals.length < 2) continue;
    // A net spread wider than this reads better as labels than as a long wire across the group.
    const xs = terminals.map((t) => t.at.x);
    const ys = terminals.map((t) => t.at.y);
    if (Math.max(maxOf(xs) - minOf(xs), maxOf(ys) - minOf(ys)) > MAX_SPAN) continue;
    nets.push({
      name: n.net.name,
      terminals,
      label: {
        width: textWidth(n.net.name),
        ...(labelHeight !== undefined ? { height: labelHeight } : {}),
      },
    });
  }
  const span = (net: RouteNet) => {
    const xs = net.terminals.map((t) => t.at.x);
    const ys = net.terminals.map((t) => t.at.y);
    return maxOf(xs) - minOf(xs) + maxOf(ys) - minOf(ys);
  };
  nets.sort(
    (a, b) =>
      a.terminals.length - b.terminals.length || span(a) - span(b) || (a.name < b.name ? -1 : 1),
  );
  const out: GroupWiring = { wired: new Set(), wires: [], junctions: [], labels: [] };
  if (nets.length === 0) return out;
  let routed: RoutedNet[];
  try {
    routed = routeNets({ nets, obstacles, drawn, bounds, maxDetour: 2, maxExcess: MAX_EXCESS });
  } catch (error) {
    // A request the router refuses (a terminal off its grid) leaves the group labelled.
    if (error instanceof RouteRequestError) return out;
    throw error;
  }
  for (const net of routed) {
    const labelled = new Set((net.labels ?? []).map((l) => l.component));
    net.components.forEach((component, i) => {
      if (component.length < 2 || !labelled.has(i)) return;
      for (const pin of component) out.wired.add(pin);
    });
    for (const label of net.labels ?? [])
      if ((net.components[label.component]?.length ?? 0) >= 2)
        out.labels.push({ text: net.name, at: label.at, angle: label.angle });
    for (const w of net.wires) out.wires.push({ net: net.name, a: w.a, b: w.b });
    pushAll(out.junctions, net.junctions);
  }
  return out;
}
