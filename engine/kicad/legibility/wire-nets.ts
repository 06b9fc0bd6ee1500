import type { Point } from "../geometry/point.js";
import { pointOnSegment } from "../geometry/segment.js";
import { TOLERANCE_MM } from "../geometry/tolerance.js";
import { UnionFind } from "../schematic/netlist/union-find.js";
import type { SheetContext } from "./sheet-context.js";

/** Which wire segments of one sheet carry the same net, as far as the drawing shows it. */
export interface WireNets {
  /** Per wire segment: its drawn group (wires joined end to end, or through a junction). */
  group: number[];
  /** Per wire segment: its net (drawn groups joined by same-named labels and power ports). */
  net: number[];
  /** How many wire ends, pins, labels and sheet pins sit at a point (keyed by pointKey). */
  endsAt: Map<string, number>;
}

export const pointKey = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;

/**
 * The sheet's wiring as nets, the way kicad-cli joins it on one sheet: wires meet at shared
 * ends, and a wire end on another wire's middle joins it only through a junction; then a
 * local label or a power port names its group and same names join. Cheap enough to rebuild
 * per family that needs it (a grid lookup per wire end).
 */
export function wireNets(ctx: SheetContext): WireNets {
  const wires = ctx.wires;
  const uf = new UnionFind();
  for (let i = 0; i < wires.length; i++) uf.add();
  const byEnd = new Map<string, number>();
  const endsAt = new Map<string, number>();
  const bump = (p: Point) => {
    const k = pointKey(p);
    endsAt.set(k, (endsAt.get(k) ?? 0) + 1);
  };
  wires.forEach((w, i) => {
    for (const p of [w.a, w.b]) {
      bump(p);
      const k = pointKey(p);
      const other = byEnd.get(k);
      if (other === undefined) byEnd.set(k, i);
      else uf.union(other, i);
    }
  });
  for (const j of ctx.sheet.junctions ?? []) {
    const hits = ctx.wireIndex
      .query({ minX: j.x, minY: j.y, maxX: j.x, maxY: j.y }, TOLERANCE_MM)
      .filter((h) => pointOnSegment(j, wires[h]!, TOLERANCE_MM));
    for (const h of hits.slice(1)) uf.union(hits[0]!, h);
  }
  for (const s of ctx.sheet.symbols) for (const p of s.pins) bump(p);
  for (const b of ctx.sheet.sheetBlocks) for (const p of b.pins) bump(p);
  for (const l of ctx.sheet.labels) bump(l.anchor);
  const group = wires.map((_, i) => uf.find(i));

  // Names join groups: local labels on this sheet, power ports by their net (global).
  const named = new Map<string, number>();
  const nameGroup = (name: string, seg: number) => {
    const first = named.get(name);
    if (first === undefined) named.set(name, seg);
    else uf.union(first, seg);
  };
  for (const t of ctx.texts) {
    if (!t.label || t.label.kind === "hierarchical") continue;
    for (const w of t.attachedWires) nameGroup(`${t.label.kind}:${t.label.name}`, w);
  }
  for (const s of ctx.sheet.symbols) {
    if (!s.power || s.pins.length !== 1) continue;
    const p = s.pins[0]!;
    const seg = byEnd.get(pointKey(p));
    if (seg !== undefined) nameGroup(`power:${s.value}`, seg);
  }
  return { group, net: wires.map((_, i) => uf.find(i)), endsAt };
}
