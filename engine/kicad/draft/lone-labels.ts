import { isAutoNetName } from "../legibility/auto-net-name.js";
import type { Point } from "../symbol/geometry.js";
import type { Drawing, DrawnLabel, DrawnWire } from "./drawing.js";
import { crowdedOwners } from "./layout/text-audit.js";
import { restatesOwnPin } from "./reader-net-name.js";
import type { ResolvedIntent } from "./resolved-intent.js";
import { onWireInterior, pointKey } from "./wire-points.js";

const key = pointKey;
/** Two grid steps: a name every 2.54 mm along a wire is choice enough. */
const STEP = 2.54;
const onInterior = onWireInterior;

/**
 * Labels at the dead end of a stub whose other end is wired on (a T or a run continuing): their
 * net is already drawn as wire, so at the stub's end they name a dead end (the checker's
 * label-leads-nowhere). A label repeating another of its name on the same drawn wire
 * (duplicate-label) goes, stub and all. A lone label (no other label of the sheet shares its
 * name) carries the intent's net name, so it keeps it but moves back onto the wire it names:
 * the dead-end run goes and the label sits where the run met the wire, reading the same way
 * (its text over the place the run left free). A stub whose other end reaches nothing else is
 * kept, label and all, since it is the pin's only connection; the drawn-net check after this
 * proves no connection was lost.
 */
export function dropLoneStubLabels(
  drawing: Drawing,
  resolved: ResolvedIntent,
  pinPoints: readonly Point[] = [],
): Drawing {
  const pins = new Set(pinPoints.map(key));
  const netPins = new Map(
    (resolved.nets ?? []).map((n) => [
      n.net.name,
      n.endpoints.map((e) => ({ ref: e.ref, number: e.pin.number, name: e.pin.name })),
    ]),
  );
  // KiCad's invented name (a redraft's `Net-(Q1-B)`), or the reader's name a redraft gives it
  // (`Q1_B`), tells a reader nothing the wire does not; a name a person wrote is theirs to keep.
  const byPerson = new Set(
    (resolved.nets ?? []).filter((n) => n.net.namedByPerson).map((n) => n.net.name),
  );
  const pinNamed = (name: string) =>
    !byPerson.has(name) && (isAutoNetName(name) || restatesOwnPin(name, netPins.get(name) ?? []));
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
  const moves: Move[] = [];
  const labels = drawing.labels.filter((l) => {
    if (ends.get(key(l.at)) !== 1) return true;
    const k = `${l.text}\u0000${groupAt(l.at)}`;
    const lone = (count.get(l.text) ?? 0) === 1;
    const repeated = groupAt(l.at) >= 0 && (seenOn.get(k) ?? 0) > 1;
    // Neither lone nor repeated: another label of its name elsewhere is what it leads to.
    if (!repeated && !lone) return true;
    const stub = drawing.wires.find((w) => key(w.a) === key(l.at) || key(w.b) === key(l.at));
    if (!stub || droppedWires.has(stub)) return true;
    // The dead end may run on through straight joins (a run continued past its T): walk back
    // to the first point that is wired on, and drop the whole chain. A straight pass-through
    // can be a pin's end (a wire leaving each way across the pin's axis, as under a resistor
    // between two parts on one row): a wired-on pin is where the run meets its net.
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
      const wiredPin = pins.has(key(other)) && onOther.length > 0;
      if (tee || dot || wiredPin || onOther.length > 1) break;
      const next = onOther[0];
      // Nothing further (the pin's own connection), or a corner (perhaps a pin): keep it all.
      if (!next || !collinear(seg, next)) return true;
      chain.push(next);
      at = other;
      seg = next;
    }
    const to = key(seg.a) === key(at) ? seg.b : seg.a;
    // A name that only says which pin the net is goes with its run instead of moving: the wire
    // is the whole of the connection.
    const named = lone && !pinNamed(l.text);
    const g = groupAt(to);
    const rest = drawing.wires.filter((w, i) => group[i] === g && !chain.includes(w));
    const places = named ? [...placesAt(l, to, at), ...placesAlong(l, to, rest)] : [];
    if (named && places.length === 0) return true;
    for (const w of chain) droppedWires.add(w);
    if (named) {
      moves.push({ label: l, places, chain });
      return true;
    }
    seenOn.set(k, (seenOn.get(k) ?? 0) - 1);
    return false;
  });
  if (droppedWires.size === 0) return drawing;
  // A moved name whose text meets a body, a wire or another text tries its next place, and
  // with none left stays where it was, its run with it; what that puts back may crowd another
  // moved name, so again until none is crowded (each round only advances a choice).
  const choice = moves.map(() => 0);
  for (;;) {
    const { applied, movedTo } = apply(drawing, labels, droppedWires, moves, choice);
    const crowded = crowdedOwners(resolved, [
      {
        owner: undefined,
        drawing: { ...applied, labels: applied.labels.filter((l) => !movedTo.has(l)) },
      },
      ...[...movedTo].map(([l, i]) => ({ owner: String(i), drawing: { labels: [l] } })),
    ]);
    let again = false;
    choice.forEach((c, i) => {
      if (c < (moves[i] as Move).places.length && crowded.has(String(i))) {
        choice[i] = c + 1;
        again = true;
      }
    });
    if (!again) return applied;
  }
}

interface Move {
  label: DrawnLabel;
  /** Where the name may go instead, best first. */
  places: DrawnLabel[];
  chain: DrawnWire[];
}

/**
 * Where a lone name at the end of a run from `from` to `end` may go: at `from`, where the run
 * met the wire it names. A horizontal run keeps its reading (the text over the place the run
 * left free); a vertical one may read either way from the wire it met.
 */
function placesAt(l: DrawnLabel, from: Point, end: Point): DrawnLabel[] {
  if (Math.abs(from.y - end.y) < 0.005) {
    const along = l.angle === 0 ? end.x > from.x : end.x < from.x;
    return along ? [{ ...l, at: from }] : [];
  }
  return [
    { ...l, at: from, angle: l.angle },
    { ...l, at: from, angle: l.angle === 0 ? 180 : 0 },
  ];
}

/**
 * Failing the corner, anywhere on the rest of the wire it names, nearest the corner first: a
 * grid step at a time along each wire, reading either way (a name across a vertical wire reads
 * as well as one along it).
 */
function placesAlong(l: DrawnLabel, from: Point, wires: readonly DrawnWire[]): DrawnLabel[] {
  const seen = new Set<string>([key(from)]);
  const points: Point[] = [];
  for (const w of wires) {
    const length = Math.hypot(w.b.x - w.a.x, w.b.y - w.a.y);
    const steps = Math.round(length / STEP);
    for (let i = 0; i <= steps; i++) {
      const t = steps === 0 ? 0 : i / steps;
      const p = { x: w.a.x + (w.b.x - w.a.x) * t, y: w.a.y + (w.b.y - w.a.y) * t };
      if (seen.has(key(p))) continue;
      seen.add(key(p));
      points.push(p);
    }
  }
  points.sort(
    (p, q) =>
      Math.hypot(p.x - from.x, p.y - from.y) - Math.hypot(q.x - from.x, q.y - from.y) ||
      p.x - q.x ||
      p.y - q.y,
  );
  return points.flatMap((at) => [
    { ...l, at, angle: 0 },
    { ...l, at, angle: 180 },
  ]);
}

/** The drawing with each move at its chosen place; a move past its last place stays put. */
function apply(
  drawing: Drawing,
  labels: readonly DrawnLabel[],
  dropped: ReadonlySet<DrawnWire>,
  moves: readonly Move[],
  choice: readonly number[],
): { applied: Drawing; movedTo: Map<DrawnLabel, number> } {
  const placed = new Map<DrawnLabel, number>();
  const restored = new Set<DrawnWire>();
  moves.forEach((m, i) => {
    if ((choice[i] as number) < m.places.length) placed.set(m.label, i);
    else for (const w of m.chain) restored.add(w);
  });
  const wires = drawing.wires.filter((w) => !dropped.has(w) || restored.has(w));
  const breaks = new Set<string>();
  const movedTo = new Map<DrawnLabel, number>();
  const out = labels.map((l) => {
    const i = placed.get(l);
    if (i === undefined) return l;
    const to = (moves[i] as Move).places[choice[i] as number] as DrawnLabel;
    breaks.add(key(to.at));
    movedTo.set(to, i);
    return to;
  });
  return {
    applied: {
      ...drawing,
      labels: out,
      wires,
      junctions: drawing.junctions.filter((j) => !breaks.has(key(j)) || meeting(j, wires) > 1),
    },
    movedTo,
  };
}

/**
 * How many wire ends meet at p, a wire passing through counting twice. Where a dropped run left
 * one wire end, the junction joined it to the run and a pin: a wire end meets one pin without
 * one, so it goes. (Pins are not in the drawing, so only points a run left are judged.)
 */
function meeting(p: Point, wires: readonly DrawnWire[]): number {
  let n = 0;
  for (const w of wires) {
    if (key(w.a) === key(p) || key(w.b) === key(p)) n += 1;
    else if (onInterior(p, w)) n += 2;
  }
  return n;
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
