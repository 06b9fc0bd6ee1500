import type { Point } from "../symbol/geometry.js";
import type { Drawing, DrawnWire } from "./drawing.js";

const key = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;

function onInterior(p: Point, w: DrawnWire): boolean {
  const minX = Math.min(w.a.x, w.b.x);
  const maxX = Math.max(w.a.x, w.b.x);
  const minY = Math.min(w.a.y, w.b.y);
  const maxY = Math.max(w.a.y, w.b.y);
  const eps = 0.005;
  if (Math.abs(w.a.x - w.b.x) < eps)
    return Math.abs(p.x - w.a.x) < eps && p.y > minY + eps && p.y < maxY - eps;
  if (Math.abs(w.a.y - w.b.y) < eps)
    return Math.abs(p.y - w.a.y) < eps && p.x > minX + eps && p.x < maxX - eps;
  return false;
}

/**
 * Drops each label that ends a stub whose other end is wired on (a T or a run continuing) when
 * no other label of the sheet shares its name — its net is already drawn as wire, so it only
 * names a dead end (the checker's label-leads-nowhere) — or when another label of its name sits
 * on the same drawn wire (duplicate-label). The stub goes with it. A stub
 * whose other end reaches nothing else is kept, label and all, since it is the pin's only
 * connection; the drawn-net check after this proves no connection was lost.
 */
export function dropLoneStubLabels(drawing: Drawing): Drawing {
  const count = new Map<string, number>();
  for (const l of drawing.labels) count.set(l.text, (count.get(l.text) ?? 0) + 1);
  const ends = new Map<string, number>();
  for (const w of drawing.wires)
    for (const p of [w.a, w.b]) ends.set(key(p), (ends.get(key(p)) ?? 0) + 1);
  const group = wireGroups(drawing.wires);
  const groupAt = (p: Point) => {
    const i = drawing.wires.findIndex(
      (w) => key(w.a) === key(p) || key(w.b) === key(p) || onInterior(p, w),
    );
    return i < 0 ? -1 : group[i]!;
  };
  // Labels by name and drawn wire: a second label of one name on one wire repeats the first.
  const seenOn = new Map<string, number>();
  for (const l of drawing.labels) {
    const k = `${l.text}\u0000${groupAt(l.at)}`;
    seenOn.set(k, (seenOn.get(k) ?? 0) + 1);
  }
  const droppedWires = new Set<DrawnWire>();
  const labels = drawing.labels.filter((l) => {
    if (ends.get(key(l.at)) !== 1) return true;
    const k = `${l.text}\u0000${groupAt(l.at)}`;
    const lone = (count.get(l.text) ?? 0) === 1;
    const repeated = groupAt(l.at) >= 0 && (seenOn.get(k) ?? 0) > 1;
    // A lone label still names its net (the intent's name): only a repeat can go.
    if (!repeated || lone) return true;
    const stub = drawing.wires.find((w) => key(w.a) === key(l.at) || key(w.b) === key(l.at));
    if (!stub || droppedWires.has(stub)) return true;
    // The dead end may run on through straight joins (a run continued past its T): walk back
    // to the first point that is wired on, and drop the whole chain. A straight pass-through
    // is never a pin (a second wire there would run into the body).
    const chain: DrawnWire[] = [stub];
    let at = l.at;
    let seg = stub;
    for (;;) {
      const other = key(seg.a) === key(at) ? seg.b : seg.a;
      const onOther = drawing.wires.filter(
        (w) =>
          !chain.includes(w) &&
          !droppedWires.has(w) &&
          (key(w.a) === key(other) || key(w.b) === key(other)),
      );
      const tee = drawing.wires.some((w) => !chain.includes(w) && onInterior(other, w));
      const dot = drawing.junctions.some((j) => key(j) === key(other));
      if (tee || dot || onOther.length > 1) break;
      const next = onOther[0];
      // Nothing further (the pin's own connection), or a corner (perhaps a pin): keep it all.
      if (!next || !collinear(seg, next)) return true;
      chain.push(next);
      at = other;
      seg = next;
    }
    for (const w of chain) droppedWires.add(w);
    if (repeated) seenOn.set(k, (seenOn.get(k) ?? 0) - 1);
    return false;
  });
  if (droppedWires.size === 0) return drawing;
  return { ...drawing, labels, wires: drawing.wires.filter((w) => !droppedWires.has(w)) };
}

/** Drawn wire groups: wires joined at shared ends or where an end lands on another's middle. */
function wireGroups(wires: readonly DrawnWire[]): number[] {
  const parent = wires.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const byEnd = new Map<string, number>();
  wires.forEach((w, i) => {
    for (const p of [w.a, w.b]) {
      const first = byEnd.get(key(p));
      if (first === undefined) byEnd.set(key(p), i);
      else parent[find(i)] = find(first);
    }
  });
  wires.forEach((w, i) => {
    wires.forEach((o, j) => {
      if (i !== j && (onInterior(w.a, o) || onInterior(w.b, o))) parent[find(i)] = find(j);
    });
  });
  return wires.map((_, i) => find(i));
}

function collinear(a: DrawnWire, b: DrawnWire): boolean {
  const eps = 0.005;
  const vertical = (w: DrawnWire) => Math.abs(w.a.x - w.b.x) < eps;
  const horizontal = (w: DrawnWire) => Math.abs(w.a.y - w.b.y) < eps;
  return (vertical(a) && vertical(b)) || (horizontal(a) && horizontal(b));
}
