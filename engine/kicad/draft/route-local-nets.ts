import type { Box, Point } from "../symbol/geometry.js";

/** Something a wire must not touch: a body, a field, another pin's stub and label. */
export interface Obstacle {
  /** The pin (`REF.PIN`) whose attachment this is; undefined for bodies and fields. */
  pin?: string;
  box: Box;
}

export interface LocalNet {
  name: string;
  /** Stub ends of the net's two pins, and their pin keys. */
  a: { pin: string; end: Point };
  b: { pin: string; end: Point };
}

const EPS = 0.01;
/** Touching counts: a wire along the edge of a foreign label box runs through that pin's stub end. */
const TOUCH = 2 * EPS;

function segmentBox(p: Point, q: Point): Box {
  return {
    minX: Math.min(p.x, q.x),
    minY: Math.min(p.y, q.y),
    maxX: Math.max(p.x, q.x),
    maxY: Math.max(p.y, q.y),
  };
}

function overlaps(a: Box, b: Box, margin: number): boolean {
  return (
    a.minX < b.maxX + margin - EPS &&
    b.minX - margin + EPS < a.maxX &&
    a.minY < b.maxY + margin - EPS &&
    b.minY - margin + EPS < a.maxY
  );
}

function candidates(a: Point, b: Point): Point[][] {
  if (a.x === b.x || a.y === b.y) return [[a, b]];
  return [
    [a, { x: b.x, y: a.y }, b],
    [a, { x: a.x, y: b.y }, b],
  ];
}

/**
 * Draws two-pin local nets as real wires where an orthogonal path (straight or one bend)
 * between the two stub ends stays clear of every body, field, other pin's stub and label, and
 * every wire routed before it; the nets that cannot be routed keep their label pairs. Returns
 * the wire points per routed net (consecutive points are one segment each, meeting at ends).
 */
export function routeLocalNets(
  nets: readonly LocalNet[],
  obstacles: readonly Obstacle[],
): Map<string, Point[]> {
  const routed = new Map<string, Point[]>();
  const wires: Box[] = [];
  for (const net of nets) {
    const blocking = obstacles.filter((o) => o.pin !== net.a.pin && o.pin !== net.b.pin);
    for (const path of candidates(net.a.end, net.b.end)) {
      const segments = path.slice(1).map((q, i) => segmentBox(path[i] as Point, q));
      const clear = segments.every(
        (s) =>
          blocking.every((o) => !overlaps(s, o.box, TOUCH)) &&
          wires.every((w) => !overlaps(s, w, 2.54)),
      );
      if (!clear) continue;
      routed.set(net.name, path);
      wires.push(...segments);
      break;
    }
  }
  return routed;
}
