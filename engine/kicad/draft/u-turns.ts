import { type Rect, rectFromCorners, rectInflate, rectIntersection } from "../geometry/rect.js";
import type { Point } from "../symbol/geometry.js";
import type { Drawing, DrawnWire } from "./drawing.js";
import { onWireInterior, pointKey } from "./wire-points.js";

const EPS = 0.005;
/** A jog this short between two opposite runs is a U the router made stepping round a stub. */
const MAX_JOG = 2.54;

const same = (a: Point, b: Point) => pointKey(a) === pointKey(b);
const length = (w: DrawnWire) => Math.abs(w.a.x - w.b.x) + Math.abs(w.a.y - w.b.y);
const dir = (from: Point, to: Point) => ({
  x: Math.sign(Math.round((to.x - from.x) * 100)),
  y: Math.sign(Math.round((to.y - from.y) * 100)),
});

/**
 * Straightens a wire's U-turn: a run out, a short jog, a run back (the router stepping round a
 * pin's stub end, which leaves the two runs 1.27 mm apart — the checker's wire-hugging). The
 * longer run is cut where the shorter one ends and the jog moves there, so the wire leaves the
 * run directly. Only where the bend points join nothing else and the moved jog meets no pin,
 * no body and no other wire.
 */
export function straightenUTurns(
  drawing: Drawing,
  parts: { pins: readonly Point[]; bodies: readonly Rect[] },
): Drawing {
  const pins = new Set(parts.pins.map(pointKey));
  const { bodies } = parts;
  const taken = new Set([
    ...drawing.labels.map((l) => pointKey(l.at)),
    ...drawing.junctions.map(pointKey),
    ...drawing.noConnects.map(pointKey),
  ]);
  let wires = drawing.wires;
  for (let round = 0; round < 256; round++) {
    const next = straightenOne(wires, pins, taken, bodies);
    if (!next) break;
    wires = next;
  }
  return wires === drawing.wires ? drawing : { ...drawing, wires };
}

function straightenOne(
  wires: readonly DrawnWire[],
  pins: ReadonlySet<string>,
  taken: ReadonlySet<string>,
  bodies: readonly Rect[],
): DrawnWire[] | undefined {
  const endsAt = new Map<string, DrawnWire[]>();
  for (const w of wires)
    for (const p of [w.a, w.b]) endsAt.set(pointKey(p), [...(endsAt.get(pointKey(p)) ?? []), w]);
  // A bend point joins exactly its two wires and nothing else.
  const bend = (p: Point) =>
    !pins.has(pointKey(p)) &&
    !taken.has(pointKey(p)) &&
    endsAt.get(pointKey(p))?.length === 2 &&
    !wires.some((w) => onWireInterior(p, w));
  const other = (w: DrawnWire, p: Point) => (same(w.a, p) ? w.b : w.a);
  for (const jog of wires) {
    if (length(jog) > MAX_JOG + EPS) continue;
    const [b, c] = [jog.a, jog.b];
    if (!bend(b) || !bend(c)) continue;
    const first = endsAt.get(pointKey(b))?.find((w) => w !== jog);
    const last = endsAt.get(pointKey(c))?.find((w) => w !== jog);
    if (!first || !last || first.net !== jog.net || last.net !== jog.net) continue;
    const a = other(first, b);
    const d = other(last, c);
    const out = dir(a, b);
    const back = dir(c, d);
    // Opposite runs, both across the jog.
    if (out.x !== -back.x || out.y !== -back.y || (out.x === 0 && out.y === 0)) continue;
    const jogDir = dir(b, c);
    if (jogDir.x * out.x + jogDir.y * out.y !== 0) continue;
    const l1 = length(first);
    const l3 = length(last);
    // The jog moves to where the shorter run ends, on the longer one.
    const moved =
      l3 <= l1
        ? { from: { x: b.x - out.x * l3, y: b.y - out.y * l3 }, to: d }
        : { from: a, to: { x: c.x + back.x * l1, y: c.y + back.y * l1 } };
    const e = l3 <= l1 ? moved.from : moved.to;
    const newJog: DrawnWire = { net: jog.net, a: moved.from, b: moved.to };
    if (!clear(newJog, wires, [first, jog, last], pins, bodies)) continue;
    const replaced: DrawnWire[] =
      l3 <= l1 ? [{ net: jog.net, a, b: e }, newJog] : [newJog, { net: jog.net, a: e, b: d }];
    const kept = replaced.filter((w) => length(w) > EPS);
    return [...wires.filter((w) => w !== first && w !== jog && w !== last), ...kept];
  }
  return undefined;
}

/** Whether a new wire meets nothing but its own ends' wires: no pin, body, or other wire. */
function clear(
  w: DrawnWire,
  wires: readonly DrawnWire[],
  replaced: readonly DrawnWire[],
  pins: ReadonlySet<string>,
  bodies: readonly Rect[],
): boolean {
  const box = rectFromCorners(w.a, w.b);
  for (const k of pins) {
    const [x, y] = k.split(",").map((n) => Number(n) / 100) as [number, number];
    if (onWireInterior({ x, y }, w)) return false;
  }
  // Strictly inside a body on both axes (a zero-width wire has no overlap to measure).
  const inside = (lo: number, hi: number, bLo: number, bHi: number) =>
    lo < bHi - EPS && bLo + EPS < hi;
  for (const b of bodies)
    if (inside(box.minX, box.maxX, b.minX, b.maxX) && inside(box.minY, box.maxY, b.minY, b.maxY))
      return false;
  for (const o of wires) {
    if (replaced.includes(o)) continue;
    // Touching another wire anywhere but at its own two ends could join or cross it.
    const common = rectIntersection(rectInflate(box, EPS), rectFromCorners(o.a, o.b));
    if (!common) continue;
    const at = { x: (common.minX + common.maxX) / 2, y: (common.minY + common.maxY) / 2 };
    const point = common.maxX - common.minX < 3 * EPS && common.maxY - common.minY < 3 * EPS;
    if (!point || !(same(at, w.a) || same(at, w.b))) return false;
  }
  return true;
}
