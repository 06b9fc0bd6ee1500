import type {
  RoutedNet,
  RouteRequest,
} from "../../../../../engine/kicad/draft/route/route-nets.js";
import type { Box, Point } from "../../../../../engine/kicad/symbol/geometry.js";

/**
 * A pure checker of routed nets under KiCad's connection rules (the ones sheet-connectivity.ts
 * implements): items join only where their ends meet; a junction joins what ends at it;
 * crossings join nothing; a wire end, junction or pin on another wire's middle is a defect
 * (kicad-cli would not connect it, or would cut the wire there).
 */
export interface RuleReport {
  defects: string[];
  /** For each net, its terminals grouped by what the wires actually join. */
  joined: Map<string, string[][]>;
}

const EPS = 1e-6;
const key = (p: Point) => `${Math.round(p.x * 1e4)},${Math.round(p.y * 1e4)}`;
const same = (p: Point, q: Point) => key(p) === key(q);
const fmt = (p: Point) => `(${p.x}, ${p.y})`;

interface Segment {
  net: string;
  a: Point;
  b: Point;
  /** The stub drawn by the caller, not by the router. */
  stub: boolean;
}

function strictlyInside(p: Point, s: Segment): boolean {
  if (same(p, s.a) || same(p, s.b)) return false;
  if (Math.abs(s.a.x - s.b.x) < EPS)
    return (
      Math.abs(p.x - s.a.x) < EPS && p.y > Math.min(s.a.y, s.b.y) && p.y < Math.max(s.a.y, s.b.y)
    );
  return (
    Math.abs(p.y - s.a.y) < EPS && p.x > Math.min(s.a.x, s.b.x) && p.x < Math.max(s.a.x, s.b.x)
  );
}

function collinearOverlap(s: Segment, t: Segment): boolean {
  const sh = Math.abs(s.a.y - s.b.y) < EPS;
  const th = Math.abs(t.a.y - t.b.y) < EPS;
  if (sh !== th) return false;
  if (sh) {
    if (Math.abs(s.a.y - t.a.y) > EPS) return false;
    const lo = Math.max(Math.min(s.a.x, s.b.x), Math.min(t.a.x, t.b.x));
    const hi = Math.min(Math.max(s.a.x, s.b.x), Math.max(t.a.x, t.b.x));
    return hi - lo > EPS;
  }
  if (Math.abs(s.a.x - t.a.x) > EPS) return false;
  const lo = Math.max(Math.min(s.a.y, s.b.y), Math.min(t.a.y, t.b.y));
  const hi = Math.min(Math.max(s.a.y, s.b.y), Math.max(t.a.y, t.b.y));
  return hi - lo > EPS;
}

const inClosedBox = (p: Point, b: Box) =>
  p.x >= b.minX - EPS && p.x <= b.maxX + EPS && p.y >= b.minY - EPS && p.y <= b.maxY + EPS;

class Sets {
  private parent = new Map<string, string>();
  find(x: string): string {
    let p = this.parent.get(x) ?? x;
    if (p !== x) {
      p = this.find(p);
      this.parent.set(x, p);
    }
    return p;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

/** Checks geometry and connectivity of `routed` against `request`; an empty defect list is a pass. */
export function checkKicadRules(request: RouteRequest, routed: RoutedNet[]): RuleReport {
  const defects: string[] = [];
  const g = request.grid ?? 1.27;
  const onGrid = (v: number) => Math.abs(v / g - Math.round(v / g)) < 1e-4;
  const segments: Segment[] = [];
  const terminals: { net: string; pin: string; at: Point }[] = [];
  for (const net of request.nets)
    for (const t of net.terminals) {
      terminals.push({ net: net.name, pin: t.pin, at: t.at });
      if (t.from) segments.push({ net: net.name, a: t.from, b: t.at, stub: true });
    }
  const junctions: { net: string; at: Point }[] = [];
  for (const r of routed) {
    for (const w of r.wires) {
      const s = { net: r.name, a: w.a, b: w.b, stub: false };
      if (Math.abs(w.a.x - w.b.x) > EPS && Math.abs(w.a.y - w.b.y) > EPS)
        defects.push(`${r.name}: wire ${fmt(w.a)}-${fmt(w.b)} is not axis-parallel`);
      if (same(w.a, w.b)) defects.push(`${r.name}: zero-length wire at ${fmt(w.a)}`);
      for (const p of [w.a, w.b]) {
        if (!onGrid(p.x) || !onGrid(p.y)) defects.push(`${r.name}: ${fmt(p)} is off the grid`);
        const bb = request.bounds;
        if (!inClosedBox(p, bb)) defects.push(`${r.name}: ${fmt(p)} is outside the bounds`);
      }
      segments.push(s);
    }
    for (const j of r.junctions) junctions.push({ net: r.name, at: j });
  }

  // Obstacles: a wire may touch only its own net's wired terminals' obstacles, and any box only
  // at one of its own terminal points (a stub end may sit on a neighbour's label edge).
  // A terminal left alone keeps its label: its obstacles bind its own net too.
  const netOf = new Map(
    routed.map((r) => [r.name, new Set(r.components.filter((c) => c.length > 1).flat())]),
  );
  const ownTerminalPoints = new Map(
    request.nets.map((n) => [n.name, new Set(n.terminals.map((t) => key(t.at)))]),
  );
  for (const s of segments) {
    if (s.stub) continue;
    const pins = netOf.get(s.net) ?? new Set<string>();
    for (const o of request.obstacles) {
      if (o.pin !== undefined && pins.has(o.pin)) continue;
      const lo = {
        x: Math.max(Math.min(s.a.x, s.b.x), o.box.minX),
        y: Math.max(Math.min(s.a.y, s.b.y), o.box.minY),
      };
      const hi = {
        x: Math.min(Math.max(s.a.x, s.b.x), o.box.maxX),
        y: Math.min(Math.max(s.a.y, s.b.y), o.box.maxY),
      };
      if (lo.x > hi.x + EPS || lo.y > hi.y + EPS) continue;
      const single = Math.abs(lo.x - hi.x) < EPS && Math.abs(lo.y - hi.y) < EPS;
      if (single && ownTerminalPoints.get(s.net)?.has(key(lo))) continue;
      defects.push(`${s.net}: wire ${fmt(s.a)}-${fmt(s.b)} touches an obstacle at ${fmt(lo)}`);
      break;
    }
  }

  for (let i = 0; i < segments.length; i++)
    for (let k = i + 1; k < segments.length; k++) {
      const s = segments[i] as Segment;
      const t = segments[k] as Segment;
      if (collinearOverlap(s, t))
        defects.push(
          `${s.net}/${t.net}: wires ${fmt(s.a)}-${fmt(s.b)} and ${fmt(t.a)}-${fmt(t.b)} overlap`,
        );
    }
  const points: { what: string; at: Point }[] = [
    ...segments.flatMap((s) => [
      { what: `${s.net} wire end`, at: s.a },
      { what: `${s.net} wire end`, at: s.b },
    ]),
    ...junctions.map((j) => ({ what: `${j.net} junction`, at: j.at })),
    ...terminals.map((t) => ({ what: `${t.net} terminal ${t.pin}`, at: t.at })),
  ];
  for (const p of points)
    for (const s of segments)
      if (strictlyInside(p.at, s))
        defects.push(`${p.what} at ${fmt(p.at)} lies inside ${s.net} wire ${fmt(s.a)}-${fmt(s.b)}`);

  // Ends meeting: union everything that has an end (or sits) at the same point.
  const sets = new Sets();
  const endsAt = new Map<string, number>();
  segments.forEach((s, i) => {
    for (const p of [s.a, s.b]) {
      sets.union(`w${i}`, `p${key(p)}`);
      endsAt.set(key(p), (endsAt.get(key(p)) ?? 0) + 1);
    }
  });
  for (const t of terminals) {
    sets.union(`t${t.pin}`, `p${key(t.at)}`);
    if (!request.nets.find((n) => n.name === t.net)?.terminals.find((x) => x.pin === t.pin)?.from)
      endsAt.set(key(t.at), (endsAt.get(key(t.at)) ?? 0) + 1);
  }
  for (const j of junctions) sets.union(`j${key(j.at)}`, `p${key(j.at)}`);

  // Junctions exactly where three or more ends meet (a terminal without a stub counts as one).
  const junctionKeys = new Set(junctions.map((j) => key(j.at)));
  for (const j of junctions)
    if ((endsAt.get(key(j.at)) ?? 0) < 3)
      defects.push(`${j.net}: junction at ${fmt(j.at)} joins fewer than 3 ends`);
  for (const r of routed)
    for (const w of r.wires)
      for (const p of [w.a, w.b]) {
        if ((endsAt.get(key(p)) ?? 0) >= 3 && !junctionKeys.has(key(p)))
          defects.push(
            `${r.name}: ${endsAt.get(key(p))} ends meet at ${fmt(p)} without a junction`,
          );
        if ((endsAt.get(key(p)) ?? 0) < 2)
          defects.push(`${r.name}: wire end at ${fmt(p)} is dangling`);
      }

  checkLabels(request, routed, segments, defects);

  const joined = new Map<string, string[][]>();
  const netAt = new Map<string, string>();
  for (const t of terminals) {
    const root = sets.find(`t${t.pin}`);
    const other = netAt.get(root);
    if (other !== undefined && other !== t.net)
      defects.push(`nets ${other} and ${t.net} are joined (at ${t.pin})`);
    netAt.set(root, t.net);
  }
  for (const net of request.nets) {
    const groups = new Map<string, string[]>();
    for (const t of net.terminals) {
      const root = sets.find(`t${t.pin}`);
      groups.set(root, [...(groups.get(root) ?? []), t.pin]);
    }
    joined.set(net.name, [...groups.values()]);
  }
  return { defects: [...new Set(defects)], joined };
}

/** Groups as sorted lists of sorted pins, for comparing partitions. */
export function canonicalGroups(groups: string[][]): string[][] {
  return groups.map((g) => [...g].sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** How far a wire must reach into a label's text box to read as crossing it (the legibility checker's margin). */
const TEXT_MARGIN = 0.15;

function onSegment(p: Point, s: Segment): boolean {
  return same(p, s.a) || same(p, s.b) || strictlyInside(p, s);
}

/**
 * Each label sits on its own component's wire and nothing else's (KiCad joins a label to every
 * wire through its point), and its text box crosses no wire but the one it sits on, no stub of
 * another net, no obstacle but its component's pins', no other label, and stays in bounds.
 */
function checkLabels(
  request: RouteRequest,
  routed: RoutedNet[],
  segments: Segment[],
  defects: string[],
): void {
  const boxes: { net: string; box: Box }[] = [];
  for (const r of routed) {
    const spec = request.nets.find((n) => n.name === r.name)?.label;
    if (!spec && r.labels !== undefined)
      defects.push(`${r.name}: labels reported though none were asked for`);
    for (const label of r.labels ?? []) {
      const members = new Set(r.components[label.component] ?? []);
      if (members.size < 2)
        defects.push(`${r.name}: label on component ${label.component}, which has no wire`);
      const here = segments.filter((s) => onSegment(label.at, s));
      const own = here.filter((s) => s.net === r.name && !s.stub);
      if (own.length === 0)
        defects.push(`${r.name}: label at ${fmt(label.at)} is on none of its wires`);
      if (here.some((s) => s.net !== r.name))
        defects.push(`${r.name}: label at ${fmt(label.at)} sits on another net's wire`);
      const h = spec?.height ?? 1.27;
      const w = spec?.width ?? 0;
      const box: Box = {
        minX: label.angle === 0 ? label.at.x : label.at.x - w,
        maxX: label.angle === 0 ? label.at.x + w : label.at.x,
        minY: label.at.y - h,
        maxY: label.at.y,
      };
      if (
        !inClosedBox({ x: box.minX, y: box.minY }, request.bounds) ||
        !inClosedBox({ x: box.maxX, y: box.maxY }, request.bounds)
      )
        defects.push(`${r.name}: label at ${fmt(label.at)} leaves the bounds`);
      const inner = {
        minX: box.minX + TEXT_MARGIN,
        minY: box.minY + TEXT_MARGIN,
        maxX: box.maxX - TEXT_MARGIN,
        maxY: box.maxY - TEXT_MARGIN,
      };
      for (const s of segments) {
        if (own.includes(s)) continue;
        const seg = {
          minX: Math.min(s.a.x, s.b.x),
          minY: Math.min(s.a.y, s.b.y),
          maxX: Math.max(s.a.x, s.b.x),
          maxY: Math.max(s.a.y, s.b.y),
        };
        if (boxesOverlap(seg, inner))
          defects.push(
            `${r.name}: label at ${fmt(label.at)} is crossed by ${s.net} wire ${fmt(s.a)}-${fmt(s.b)}`,
          );
      }
      for (const o of request.obstacles)
        if (!(o.pin !== undefined && members.has(o.pin)) && boxesOverlap(o.box, inner))
          defects.push(`${r.name}: label at ${fmt(label.at)} covers an obstacle`);
      for (const other of boxes)
        if (boxesOverlap(other.box, inner))
          defects.push(`${r.name}: label at ${fmt(label.at)} covers ${other.net}'s label`);
      boxes.push({ net: r.name, box: inner });
    }
  }
}

const boxesOverlap = (a: Box, b: Box) =>
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;
