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
 * Drops each label that no other label of the sheet shares and that ends a stub whose other
 * end is wired on (a T or a run continuing): its net is already drawn as wire, so the label
 * only names a dead end (the checker's label-leads-nowhere). The stub goes with it. A stub
 * whose other end reaches nothing else is kept, label and all, since it is the pin's only
 * connection; the drawn-net check after this proves no connection was lost.
 */
export function dropLoneStubLabels(drawing: Drawing): Drawing {
  const count = new Map<string, number>();
  for (const l of drawing.labels) count.set(l.text, (count.get(l.text) ?? 0) + 1);
  const ends = new Map<string, number>();
  for (const w of drawing.wires)
    for (const p of [w.a, w.b]) ends.set(key(p), (ends.get(key(p)) ?? 0) + 1);
  const droppedWires = new Set<DrawnWire>();
  const labels = drawing.labels.filter((l) => {
    if ((count.get(l.text) ?? 0) !== 1 || ends.get(key(l.at)) !== 1) return true;
    const stub = drawing.wires.find((w) => key(w.a) === key(l.at) || key(w.b) === key(l.at));
    if (!stub || droppedWires.has(stub)) return true;
    const other = key(stub.a) === key(l.at) ? stub.b : stub.a;
    const wiredOn =
      (ends.get(key(other)) ?? 0) > 1 ||
      drawing.wires.some((w) => w !== stub && onInterior(other, w));
    if (!wiredOn) return true;
    droppedWires.add(stub);
    return false;
  });
  if (droppedWires.size === 0) return drawing;
  return { ...drawing, labels, wires: drawing.wires.filter((w) => !droppedWires.has(w)) };
}
