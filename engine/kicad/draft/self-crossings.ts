import type { Point } from "../symbol/geometry.js";
import type { Drawing, DrawnWire } from "./drawing.js";
import { onWireInterior, pointKey } from "./wire-points.js";

const EPS = 0.005;
const key = pointKey;
const onInterior = onWireInterior;
const same = (a: Point, b: Point) => key(a) === key(b);
const vertical = (w: DrawnWire) => Math.abs(w.a.x - w.b.x) < EPS;

/** Where two wires cross, both through their middles; undefined when they do not. */
function crossing(h: DrawnWire, v: DrawnWire): Point | undefined {
  if (vertical(h) || !vertical(v)) return undefined;
  const p = { x: v.a.x, y: h.a.y };
  return onInterior(p, h) && onInterior(p, v) ? p : undefined;
}

/**
 * Folds a net's wire that crosses its own net's wire with no junction (the checker's
 * same-net-crossing): the router reaches a pin's far stub end while the pin's own line, which
 * it may not see, lies across the way (an op-amp's feedback loop over its pin-2 line). The
 * crossing becomes a junction, and the loop past it — now a second way round between points
 * already joined — goes, with any dead end it leaves. A fold is kept only when every pin and
 * label stays joined to exactly what it was joined to, so no connection is gained or lost.
 */
export function foldSelfCrossings(drawing: Drawing, pinPoints: readonly Point[]): Drawing {
  const pins = new Set(pinPoints.map(key));
  let current = drawing;
  // Each fold removes a crossing; a bound keeps a fold that fails to from looping.
  for (let round = 0; round < 64; round++) {
    const next = foldOne(current, pins);
    if (!next) return current;
    current = next;
  }
  return current;
}

function foldOne(drawing: Drawing, pins: ReadonlySet<string>): Drawing | undefined {
  const { wires } = drawing;
  const dots = new Set(drawing.junctions.map(key));
  for (const h of wires)
    for (const v of wires) {
      if (h.net !== v.net) continue;
      const p = crossing(h, v);
      if (!p || dots.has(key(p))) continue;
      for (const cut of [v, h])
        for (const end of [cut.a, cut.b]) {
          const folded = withoutLoop(drawing, pins, cut, p, end);
          if (folded) return folded;
        }
    }
  return undefined;
}

/**
 * The drawing with `cut` ending at `p` on the wire it crossed (a junction there), the part of
 * it towards `end` gone and the run beyond `end` followed back to where it meets anything;
 * undefined when that changes what is joined to what.
 */
function withoutLoop(
  drawing: Drawing,
  pins: ReadonlySet<string>,
  cut: DrawnWire,
  p: Point,
  end: Point,
): Drawing | undefined {
  const labels = new Set(drawing.labels.map((l) => key(l.at)));
  const dots = new Set(drawing.junctions.map(key));
  const net = drawing.wires.filter((w) => w.net === cut.net);
  const kept: DrawnWire = { net: cut.net, a: same(cut.a, end) ? cut.b : cut.a, b: p };
  const gone = new Set<DrawnWire>([cut]);
  // kicad-cli 9 keeps only the first part of a wire with a junction inside it (the far part is
  // lost to connectivity), so the crossed wire is split at the new junction.
  const crossed = net.find((w) => w !== cut && onInterior(p, w)) as DrawnWire;
  const halves: DrawnWire[] = [
    { net: cut.net, a: crossed.a, b: p },
    { net: cut.net, a: p, b: crossed.b },
  ];

  // Follow the loop from the cut end while it only bends or runs on (one wire on, nothing else).
  let at = end;
  for (;;) {
    const k = key(at);
    if (pins.has(k) || labels.has(k) || dots.has(k)) break;
    if (net.some((w) => !gone.has(w) && onInterior(at, w))) break;
    const on = net.filter((w) => !gone.has(w) && (same(w.a, at) || same(w.b, at)));
    // Reaching the crossed wire itself closes the loop there: stop (it is split, not dropped).
    if (on.length !== 1 || on[0] === crossed) break;
    const w = on[0] as DrawnWire;
    gone.add(w);
    at = same(w.a, at) ? w.b : w.a;
  }
  gone.add(crossed);
  const wires = pruneDeadEnds(
    [...drawing.wires.filter((w) => !gone.has(w)), kept, ...halves],
    pins,
    labels,
    dots,
  );
  // A junction the loop left joining fewer than three things goes (one at a wire end joining
  // one pin adds nothing).
  const junctions = [...drawing.junctions, p].filter((j) => meeting(j, wires, pins) >= 3);
  if (!sameJoins(drawing.wires, drawing.junctions, wires, junctions, pins, drawing, cut.net))
    return undefined;
  return { ...drawing, wires, junctions };
}

/** Drops wire ends that touch nothing (no wire, pin, label or junction), until none does. */
function pruneDeadEnds(
  wires: DrawnWire[],
  pins: ReadonlySet<string>,
  labels: ReadonlySet<string>,
  dots: ReadonlySet<string>,
): DrawnWire[] {
  let out = wires;
  for (;;) {
    const dead = out.filter((w) =>
      [w.a, w.b].some((q) => {
        const k = key(q);
        if (pins.has(k) || labels.has(k) || dots.has(k)) return false;
        return !out.some(
          (o) => o !== w && o.net === w.net && (same(o.a, q) || same(o.b, q) || onInterior(q, o)),
        );
      }),
    );
    if (dead.length === 0) return out;
    out = out.filter((w) => !dead.includes(w));
  }
}

/** What meets at p: wire ends, a wire through it counting twice, and a pin. */
function meeting(p: Point, wires: readonly DrawnWire[], pins: ReadonlySet<string>): number {
  let n = pins.has(key(p)) ? 1 : 0;
  for (const w of wires) {
    if (same(w.a, p) || same(w.b, p)) n += 1;
    else if (onInterior(p, w)) n += 2;
  }
  return n;
}

/**
 * Whether the pins and labels on one net's wires are joined the same way before and after:
 * KiCad's rules (wire ends meet, an end on another's middle joins it, a crossing joins only
 * at a junction).
 */
function sameJoins(
  before: readonly DrawnWire[],
  beforeDots: readonly Point[],
  after: readonly DrawnWire[],
  afterDots: readonly Point[],
  pins: ReadonlySet<string>,
  drawing: Drawing,
  net: string,
): boolean {
  const points = (ws: readonly DrawnWire[]) => {
    const out = new Set<string>();
    for (const w of ws) for (const q of [w.a, w.b]) if (pins.has(key(q))) out.add(key(q));
    for (const l of drawing.labels)
      if (ws.some((w) => same(w.a, l.at) || same(w.b, l.at) || onInterior(l.at, w)))
        out.add(key(l.at));
    return out;
  };
  const mine = (ws: readonly DrawnWire[]) => ws.filter((w) => w.net === net);
  const a = mine(before);
  const b = mine(after);
  const pa = points(a);
  const pb = points(b);
  if (pa.size !== pb.size || [...pa].some((k) => !pb.has(k))) return false;
  const ca = components(a, beforeDots);
  const cb = components(b, afterDots);
  const list = [...pa];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const x = list[i] as string;
      const y = list[j] as string;
      if ((ca(x) === ca(y)) !== (cb(x) === cb(y))) return false;
    }
  return true;
}

/** A point's wired component (by KiCad's joining rules) among these wires. */
function components(wires: readonly DrawnWire[], dots: readonly Point[]): (k: string) => string {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r) as string;
    parent.set(k, r);
    return r;
  };
  const union = (x: string, y: string) => {
    const rx = find(x);
    const ry = find(y);
    if (rx !== ry) parent.set(rx, ry);
  };
  for (const w of wires) union(key(w.a), key(w.b));
  const onWire = [...wires.flatMap((w) => [w.a, w.b]), ...dots];
  for (const q of onWire) for (const w of wires) if (onInterior(q, w)) union(key(q), key(w.a));
  return find;
}
