import type { Board } from "../../kicad/board/board.js";
import type { Track } from "../../kicad/board/track.js";
import type { Zone } from "../../kicad/board/zone.js";
import { distance, type Point } from "../../kicad/footprint/point.js";
import { circumcenter } from "../../kicad/geometry/outline.js";
import { compareCodePoints } from "../../kicad/sexp/sheet-order.js";
import type { BoardChange } from "../diff-report.js";
import { round } from "../round.js";

const pt = (p: Point) => `${p.x.toFixed(4)},${p.y.toFixed(4)}`;

function trackKey(track: Track): string {
  const [s, e] = [pt(track.start), pt(track.end)].sort();
  const mid = track.kind === "arc" ? `|${pt(track.mid)}` : "";
  return `${track.kind}|${track.layer}|${track.width.toFixed(4)}|${s}|${e}${mid}`;
}

function trackLength(track: Track): number {
  if (track.kind === "segment") return distance(track.start, track.end);
  const center = circumcenter(track.start, track.mid, track.end);
  if (!center) return distance(track.start, track.end);
  const r = distance(center, track.start);
  const angle = (p: Point) => Math.atan2(p.y - center.y, p.x - center.x);
  // The arc runs start → mid → end: sweep the two halves, each the short way round.
  const half = (p: Point, q: Point) => {
    let d = Math.abs(angle(q) - angle(p));
    if (d > Math.PI) d = 2 * Math.PI - d;
    return d;
  };
  return r * (half(track.start, track.mid) + half(track.mid, track.end));
}

function zoneKey(zone: Zone): string {
  const outline = zone.outlines.map((poly) => poly.map(pt).join(" ")).join(" / ");
  return `${zoneShape(zone)}|${zone.priority}|${zone.name ?? ""}|${outline}`;
}

function zoneShape(zone: Zone): string {
  return `${zone.keepout ? "keepout" : "pour"}|${[...zone.layers].sort().join(",")}`;
}

/** A multiset: key → how many times it occurs, with one sample item per key. */
function tally<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
): Map<string, { n: number; item: T }> {
  const out = new Map<string, { n: number; item: T }>();
  for (const item of items) {
    const k = keyOf(item);
    const entry = out.get(k);
    if (entry) entry.n++;
    else out.set(k, { n: 1, item });
  }
  return out;
}

/** Items on one side only, multiplicity kept. */
function difference<T>(
  a: Map<string, { n: number; item: T }>,
  b: Map<string, { n: number; item: T }>,
): T[] {
  const out: T[] = [];
  for (const [k, { n, item }] of a) {
    for (let i = b.get(k)?.n ?? 0; i < n; i++) out.push(item);
  }
  return out;
}

interface NetCopper {
  tracksAdded: Track[];
  tracksRemoved: Track[];
  viasAdded: number;
  viasRemoved: number;
  zonesAdded: Zone[];
  zonesRemoved: Zone[];
}

/**
 * Tracks, vias and zones added or removed, per net. Items compare by geometry (layer, width,
 * end points, arc midpoint; via position, size, drill and layers; zone outline as drawn), never
 * by uuid, so a KiCad re-save that reorders or re-ids them changes nothing. Nets renamed on the
 * board compare under their new name. A zone whose outline changed counts as reshaped.
 */
export function diffCopper(
  before: Board | undefined,
  after: Board | undefined,
  renamed: ReadonlyMap<string, string>,
): BoardChange[] {
  const netBefore = (name: string | undefined) => renamed.get(name ?? "") ?? name ?? "";
  const netAfter = (name: string | undefined) => name ?? "";
  const perNet = new Map<string, NetCopper>();
  const of = (net: string) => {
    let entry = perNet.get(net);
    if (!entry) {
      entry = {
        tracksAdded: [],
        tracksRemoved: [],
        viasAdded: 0,
        viasRemoved: 0,
        zonesAdded: [],
        zonesRemoved: [],
      };
      perNet.set(net, entry);
    }
    return entry;
  };

  const tracksA = tally(
    before?.tracks ?? [],
    (t) => `${netBefore(t.net?.name)}\u0000${trackKey(t)}`,
  );
  const tracksB = tally(after?.tracks ?? [], (t) => `${netAfter(t.net?.name)}\u0000${trackKey(t)}`);
  for (const t of difference(tracksA, tracksB)) of(netBefore(t.net?.name)).tracksRemoved.push(t);
  for (const t of difference(tracksB, tracksA)) of(netAfter(t.net?.name)).tracksAdded.push(t);

  const viaKey = (net: string, v: Board["vias"][number]) =>
    `${net}\u0000${v.type}|${pt(v.at)}|${v.size.toFixed(4)}|${v.drill.toFixed(4)}|${v.layers.join(",")}`;
  const viasA = tally(before?.vias ?? [], (v) => viaKey(netBefore(v.net?.name), v));
  const viasB = tally(after?.vias ?? [], (v) => viaKey(netAfter(v.net?.name), v));
  for (const v of difference(viasA, viasB)) of(netBefore(v.net?.name)).viasRemoved++;
  for (const v of difference(viasB, viasA)) of(netAfter(v.net?.name)).viasAdded++;

  const zonesA = tally(before?.zones ?? [], (z) => `${netBefore(z.net?.name)}\u0000${zoneKey(z)}`);
  const zonesB = tally(after?.zones ?? [], (z) => `${netAfter(z.net?.name)}\u0000${zoneKey(z)}`);
  for (const z of difference(zonesA, zonesB)) of(netBefore(z.net?.name)).zonesRemoved.push(z);
  for (const z of difference(zonesB, zonesA)) of(netAfter(z.net?.name)).zonesAdded.push(z);

  const out: BoardChange[] = [];
  for (const net of [...perNet.keys()].sort(compareCodePoints)) {
    const c = perNet.get(net)!;
    if (c.tracksAdded.length + c.tracksRemoved.length > 0) {
      const layers = [...new Set([...c.tracksAdded, ...c.tracksRemoved].map((t) => t.layer))];
      out.push({
        kind: "tracks-changed",
        net,
        added: c.tracksAdded.length,
        removed: c.tracksRemoved.length,
        addedLength: round(
          c.tracksAdded.reduce((sum, t) => sum + trackLength(t), 0),
          3,
        ),
        removedLength: round(
          c.tracksRemoved.reduce((sum, t) => sum + trackLength(t), 0),
          3,
        ),
        layers: layers.sort(compareCodePoints),
      });
    }
    if (c.viasAdded + c.viasRemoved > 0) {
      out.push({ kind: "vias-changed", net, added: c.viasAdded, removed: c.viasRemoved });
    }
    if (c.zonesAdded.length + c.zonesRemoved.length > 0) {
      // A zone gone and one come with the same layers and kind is one zone redrawn.
      const left = [...c.zonesRemoved];
      let reshaped = 0;
      const added = c.zonesAdded.filter((z) => {
        const i = left.findIndex((y) => zoneShape(y) === zoneShape(z));
        if (i < 0) return true;
        left.splice(i, 1);
        reshaped++;
        return false;
      });
      const layers = [...c.zonesAdded, ...c.zonesRemoved].flatMap((z) => z.layers);
      out.push({
        kind: "zones-changed",
        net,
        added: added.length,
        removed: left.length,
        reshaped,
        layers: [...new Set(layers)].sort(compareCodePoints),
      });
    }
  }
  return out;
}
