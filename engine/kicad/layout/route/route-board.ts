import { maxOf, minOf, pushAll } from "../../../array-ops.js";
import type { BoardModel, BoardTrack, BoardVia } from "../../board/write/board-model.js";
import type { Point } from "../../geometry/point.js";
import { DEFAULT_RULES, type DesignRules, type NetClass } from "../project/design-rules.js";
import { spanningLength } from "../report/ratsnest.js";
import { boardCopper, type RoutePad } from "./board-copper.js";
import {
  axisMoves,
  GridSearch,
  type PadEntry,
  type SearchCosts,
  type SearchNet,
  trackConsumer,
} from "./grid-search.js";
import { MARGIN, NM, RouteGrid } from "./route-grid.js";
import { stampPlacedBoard } from "./stamp-board.js";

export interface RouteOptions {
  readonly rules?: DesignRules;
  /** Net classes (track width by net); every net not named takes the rules' track width. */
  readonly classes?: readonly NetClass[];
  /** Grid pitch, mm (default 0.1, then 0.05 when a pad could not be reached on a small board). */
  readonly pitch?: number;
  /** Rip-up and reroute rounds before giving up on the contested nets (default 40). */
  readonly rounds?: number;
}

/** What became of one net. */
export interface RoutedNet {
  readonly net: string;
  readonly pads: number;
  /** Pads joined into one tree (all of them when routed). */
  readonly connected: number;
  readonly routed: boolean;
  readonly width: number;
  /** Track length, mm, and the ratsnest's minimum spanning tree over its pads. */
  readonly length: number;
  readonly mst: number;
  readonly vias: number;
  /** Why it is not routed: a pad no track can reach, or no way through the others. */
  readonly reason?: string;
}

export interface RouteResult {
  readonly model: BoardModel;
  readonly nets: readonly RoutedNet[];
  readonly rounds: number;
  /** CPU milliseconds spent routing. */
  readonly ms: number;
  /** The grid pitch the routes were found on, mm. */
  readonly pitch: number;
}

interface NetJob {
  readonly name: string;
  readonly id: number;
  readonly pads: readonly RoutePad[];
  readonly power: boolean;
  /** Candidate track half-widths, widest first (a power net falls back to the signal width). */
  readonly halfWidths: readonly number[];
  widthAt: number;
  record: number[];
  paths: number[][];
  /** States next to the net's pads where its track may narrow to the neck. */
  readonly neckZone: ReadonlySet<number>;
  connected: number;
  reason: string | undefined;
}

const FRONT_BACK = ["F.Cu", "B.Cu"] as const;

/**
 * How far from a pad's copper, mm, a track may run at the neck width: enough for the escape
 * past the ends of a 0.4 mm-pitch neighbour row (their clearance reaches 0.3–0.45 mm beyond
 * the pad ends for 0.2–0.4 mm tracks), short enough that the track widens again right after.
 */
const NECK_REACH = 0.6;

/**
 * Routes every net of a placed board on F.Cu and B.Cu: power nets first, each net a tree grown
 * pad by pad from what is already connected (a Steiner-like tree over the grid), then rounds of
 * negotiated congestion (PathFinder): nets may share cells at a price that grows each round, and
 * contested cells gather a history cost, until no cell is shared. A net still contested at the
 * end is taken up and tried once more against walls; what fails stays unrouted and is named.
 * Every obstacle is grown by the rules' clearance plus the router's own radius (RouteGrid), so
 * the tracks and vias written are legal by construction. Deterministic: no clock, no randomness.
 */
export function routeBoard(model: BoardModel, options: RouteOptions = {}): RouteResult {
  const first = routeAtPitch(model, options, options.pitch ?? COARSE);
  if (options.pitch !== undefined) return first;
  // Off-grid fine-pitch pins (0.4–0.5 mm) leave a legal band narrower than 0.1 mm at their
  // centre line that the coarse grid can miss; a finer grid meets it, where the board is small
  // enough for one.
  const unreachable = first.nets.some((n) => n.reason?.startsWith("no room"));
  const o = model.outline;
  const fineCells = ((o.maxX - o.minX) / FINE + 1) * ((o.maxY - o.minY) / FINE + 1);
  if (!unreachable || fineCells > FINE_CELL_LIMIT) return first;
  const fine = routeAtPitch(model, options, FINE);
  const routed = (r: RouteResult) => r.nets.filter((n) => n.routed).length;
  const best = routed(fine) > routed(first) ? fine : first;
  return { ...best, ms: first.ms + fine.ms };
}

/** The grid pitches, mm, and the largest fine grid tried (cells per layer). */
const COARSE = 0.1;
const FINE = 0.05;
const FINE_CELL_LIMIT = 1_500_000;

function routeAtPitch(model: BoardModel, options: RouteOptions, pitch: number): RouteResult {
  const started = process.cpuUsage();
  const rules = options.rules ?? DEFAULT_RULES;
  const pitchNm = Math.round(pitch * NM);
  const rounds = options.rounds ?? 40;
  const { pads, obstacles, keepouts } = boardCopper(model);

  const names = [...new Set(pads.map((p) => p.net).filter((n) => n !== ""))].sort();
  const ids = new Map(names.map((n, i) => [n, i + 1]));
  const widthOf = new Map<string, number>();
  const powerNets = new Set<string>();
  for (const c of options.classes ?? []) {
    for (const n of c.nets) {
      widthOf.set(n, c.trackWidth);
      if (c.name !== "Default") powerNets.add(n);
    }
  }
  const signalHalf = rules.trackWidth / 2;
  // The neck: the finest track the rules allow, for escapes from pads the class width cannot reach.
  const neckHalf = rules.minTrackWidth / 2;
  const halves = new Set<number>([signalHalf]);
  if (neckHalf < signalHalf) halves.add(neckHalf);
  for (const w of widthOf.values()) halves.add(w / 2);
  const consumers = [...halves].sort((a, b) => a - b);
  const viaConsumer = consumers.length;
  const neckConsumer = neckHalf < signalHalf ? consumers.indexOf(neckHalf) : -1;
  const viaRadius = rules.viaDiameter / 2;
  const grid = new RouteGrid(model.outline, pitchNm, [...consumers, viaRadius]);

  stampPlacedBoard(grid, model, { pads, obstacles, keepouts }, ids, rules);

  // The nets to route: two or more pads with copper. Power first, then short nets first.
  const padsByNet = new Map<string, RoutePad[]>();
  for (const pad of pads)
    if (pad.net !== "" && (pad.layers[0] || pad.layers[1]))
      padsByNet.set(pad.net, [...(padsByNet.get(pad.net) ?? []), pad]);
  const span = (ps: readonly RoutePad[]) => {
    const xs = ps.map((p) => p.at.x);
    const ys = ps.map((p) => p.at.y);
    return maxOf(xs) - minOf(xs) + maxOf(ys) - minOf(ys);
  };
  const jobs: NetJob[] = [...padsByNet]
    .filter(([, ps]) => ps.length >= 2)
    .map(([name, ps]) => {
      const half = (widthOf.get(name) ?? rules.trackWidth) / 2;
      return {
        name,
        id: ids.get(name) as number,
        pads: ps,
        power: powerNets.has(name),
        halfWidths: half > signalHalf ? [half, signalHalf] : [half],
        widthAt: 0,
        record: [],
        paths: [],
        neckZone: new Set(
          ps.flatMap((pad) =>
            pad.layers.flatMap((on, layer) =>
              on
                ? grid.cellsInside([pad.copper], NECK_REACH).map((c) => layer * grid.cells + c)
                : [],
            ),
          ),
        ),
        connected: 0,
        reason: undefined,
      };
    })
    .sort(
      (a, b) =>
        Number(b.power) - Number(a.power) ||
        span(a.pads) - span(b.pads) ||
        (a.name < b.name ? -1 : 1),
    );

  const search = new GridSearch(grid);
  // Two via centres of one net closer than this (pitches) would put their holes nearer than the
  // hole-to-hole rule.
  const viaSpacing = (rules.holeToHole + rules.viaDrill + MARGIN) / grid.pitch;
  const consumerOf = (job: NetJob) => consumers.indexOf(job.halfWidths[job.widthAt] as number);
  const netOf = (job: NetJob): SearchNet => {
    const track = consumerOf(job);
    return {
      id: job.id,
      track,
      via: viaConsumer,
      ...(neckConsumer >= 0 && neckConsumer < track
        ? { neck: { consumer: neckConsumer, zone: job.neckZone } }
        : {}),
    };
  };
  /** The consumer a path state of the job's net uses (its width, or the neck). */
  const consumerAt = (job: NetJob, net: SearchNet, s: number) => {
    const layer = Math.floor(s / grid.cells);
    const c = trackConsumer(grid, net, layer, s % grid.cells);
    return c < 0 ? consumerOf(job) : c;
  };

  /** Routes one net as a tree; false when some pad could not be joined (the tree so far is kept). */
  const routeNet = (job: NetJob, costs: SearchCosts): boolean => {
    const net = netOf(job);
    const padStates = job.pads.map((pad) => {
      const states: number[] = [];
      pad.layers.forEach((on, layer) => {
        if (!on) return;
        for (const cell of grid.cellsInside(pad.inside))
          if (trackConsumer(grid, net, layer, cell) >= 0) states.push(layer * grid.cells + cell);
      });
      return states;
    });
    // Every cell in a pad's copper counts as the pad's for the axis rule, not only those a
    // track may end on: a track that turned inside the copper would still cross its side.
    const entry: PadEntry = {
      pad: new Map(
        job.pads.flatMap((pad, i) =>
          pad.layers.flatMap((on, layer) =>
            on
              ? grid.cellsInside([pad.copper]).map((c) => [layer * grid.cells + c, i] as const)
              : [],
          ),
        ),
      ),
      moves: job.pads.map((p) => axisMoves(p.axis)),
    };
    job.paths = [];
    const joined = job.pads.map(() => false);
    const first = padStates.findIndex((s) => s.length > 0);
    const blocked = job.pads.filter((_, i) => (padStates[i] as number[]).length === 0);
    if (first < 0 || blocked.length > 0) {
      job.connected = first < 0 ? 0 : 1;
      job.reason = `no room for a ${(job.halfWidths[job.widthAt] as number) * 2} mm track${net.neck ? ` (necked to ${rules.minTrackWidth} mm)` : ""} to reach pad ${blocked.map((p) => `${p.ref}.${p.number}`).join(", ")}`;
      if (first < 0) return false;
    }
    joined[first] = true;
    const tree: number[] = [...(padStates[first] as number[])];
    // Vias of one net keep the hole-to-hole distance from each other too (other nets' vias
    // already keep their copper clearance, which is further).
    const noVia = new Set<number>();
    const viaReach = Math.ceil(viaSpacing);
    const keepFrom = (cell: number) => {
      const i = cell % grid.nx;
      const j = (cell - i) / grid.nx;
      const limit = viaSpacing;
      for (let dj = -viaReach; dj <= viaReach; dj++)
        for (let di = -viaReach; di <= viaReach; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= grid.nx || nj >= grid.ny) continue;
          if (Math.hypot(di, dj) < limit) noVia.add(nj * grid.nx + ni);
        }
    };
    let connected = 1;
    for (;;) {
      const targets = new Map<number, number>();
      const goals: [number, number, number][] = [];
      job.pads.forEach((pad, i) => {
        if (joined[i] || (padStates[i] as number[]).length === 0) return;
        for (const s of padStates[i] as number[]) targets.set(s, i);
        const c = grid.cellAt(pad.at);
        const box = pad.copper.kind === "capsule" ? pad.copper.radius : 0;
        goals.push([c % grid.nx, Math.floor(c / grid.nx), box / grid.pitch]);
      });
      if (targets.size === 0) break;
      const found = search.search(
        net,
        tree,
        targets,
        goals,
        { ...costs, viaSpacing },
        noVia,
        entry,
      );
      if (!found) {
        const missing = job.pads.filter((_, i) => !joined[i]);
        job.reason = `walled in: no way from ${job.pads[first]?.ref}.${job.pads[first]?.number} to ${missing.map((p) => `${p.ref}.${p.number}`).join(", ")}`;
        break;
      }
      joined[found.pad] = true;
      connected++;
      job.paths.push(found.path);
      for (let t = 1; t < found.path.length; t++) {
        const a = found.path[t - 1] as number;
        const b = found.path[t] as number;
        if (a % grid.cells === b % grid.cells) keepFrom(a % grid.cells);
      }
      pushAll(pushAll(tree, found.path), padStates[found.pad] as number[]);
    }
    job.connected = connected;
    if (connected === job.pads.length) job.reason = undefined;
    return connected === job.pads.length;
  };

  const geometry = (job: NetJob) => {
    const width = (job.halfWidths[job.widthAt] as number) * 2;
    const net = netOf(job);
    const tracks: BoardTrack[] = [];
    const vias: Point[] = [];
    const mm = (s: number) => {
      const p = grid.cellNm(s % grid.cells);
      return { x: p.x / NM, y: p.y / NM };
    };
    const necked = (s: number) =>
      net.neck !== undefined && consumerAt(job, net, s) === neckConsumer;
    for (const path of job.paths) {
      // Steps in one direction at one width on one layer make one segment; a step takes the neck
      // width when either end only has room for the neck (both ends clear it, so it is legal).
      let from = -1;
      let to = -1;
      let key = "";
      const flush = () => {
        if (from < 0) return;
        const w = key.endsWith("n") ? rules.minTrackWidth : width;
        tracks.push({
          start: mm(from),
          end: mm(to),
          width: w,
          layer: FRONT_BACK[Math.floor(from / grid.cells)] as string,
          net: job.name,
        });
        from = -1;
      };
      for (let t = 1; t < path.length; t++) {
        const a = path[t - 1] as number;
        const b = path[t] as number;
        if (Math.floor(a / grid.cells) !== Math.floor(b / grid.cells)) {
          flush();
          vias.push(mm(a));
          continue;
        }
        const pa = grid.cellNm(a % grid.cells);
        const pb = grid.cellNm(b % grid.cells);
        const k = `${Math.sign(pb.x - pa.x)},${Math.sign(pb.y - pa.y)},${necked(a) || necked(b) ? "n" : "w"}`;
        if (from >= 0 && k === key) {
          to = b;
          continue;
        }
        flush();
        from = a;
        to = b;
        key = k;
      }
      flush();
    }
    return { tracks, vias, width };
  };

  const stampNet = (job: NetJob) => {
    const { tracks, vias } = geometry(job);
    grid.beginGroup();
    const record: number[] = [];
    const grow = (r: number) => rules.clearance + r;
    for (const t of tracks)
      grid.stamp(
        { kind: "capsule", a: t.start, b: t.end, radius: t.width / 2 },
        FRONT_BACK.indexOf(t.layer as "F.Cu"),
        job.id,
        grow,
        record,
      );
    // Pad-only nets with a zero-length path still claim nothing beyond their pads (static).
    for (const v of vias)
      for (const layer of [0, 1])
        grid.stamp({ kind: "capsule", a: v, b: v, radius: viaRadius }, layer, job.id, grow, record);
    job.record = record;
  };
  const liftNet = (job: NetJob) => {
    grid.lift(job.record);
    job.record = [];
  };

  /** Cells where a net's copper meets another net's claim. */
  const conflicts = (job: NetJob): { layer: number; cell: number }[] => {
    const out: { layer: number; cell: number }[] = [];
    const net = netOf(job);
    for (const path of job.paths) {
      for (let t = 0; t < path.length; t++) {
        const s = path[t] as number;
        const layer = Math.floor(s / grid.cells);
        const cell = s % grid.cells;
        if (grid.others(consumerAt(job, net, s), layer, cell, job.id) > 0)
          out.push({ layer, cell });
        const next = path[t + 1];
        if (next !== undefined && next % grid.cells === cell && next !== s)
          for (const l of [0, 1])
            if (grid.others(viaConsumer, l, cell, job.id) > 0) out.push({ layer: l, cell });
      }
    }
    return out;
  };

  const route = (job: NetJob, costs: SearchCosts) => {
    liftNet(job);
    job.widthAt = 0;
    let ok = routeNet(job, costs);
    while (!ok && job.widthAt + 1 < job.halfWidths.length) {
      job.widthAt++;
      ok = routeNet(job, costs);
    }
    stampNet(job);
    return ok;
  };

  // Negotiated congestion.
  let present = 0.5;
  let round = 0;
  let contested = jobs;
  for (; round < rounds && contested.length > 0; round++) {
    for (const job of contested) route(job, { present, hard: false, via: 12 });
    contested = [];
    for (const job of jobs) {
      const found = conflicts(job);
      if (found.length === 0) continue;
      contested.push(job);
      for (const { layer, cell } of found) {
        const h = grid.history[layer] as Float32Array;
        h[cell] = (h[cell] as number) + 0.4;
      }
    }
    present *= 1.5;
  }
  // Still contested: take the worst up until nothing is shared, then retry each against walls.
  const dropped: NetJob[] = [];
  for (;;) {
    let worst: NetJob | undefined;
    let most = 0;
    for (const job of jobs) {
      const n = conflicts(job).length;
      if (n > most) {
        most = n;
        worst = job;
      }
    }
    if (!worst) break;
    liftNet(worst);
    worst.paths = [];
    worst.connected = 0;
    dropped.push(worst);
  }
  for (const job of dropped) {
    route(job, { present: 0, hard: true, via: 12 });
    if (conflicts(job).length > 0) {
      liftNet(job);
      job.paths = [];
      job.connected = 0;
      job.reason ??= "no way through the other nets' tracks";
    }
  }

  const tracks: BoardTrack[] = [];
  const vias: BoardVia[] = [];
  const nets: RoutedNet[] = [];
  for (const job of [...jobs].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const g = geometry(job);
    pushAll(tracks, g.tracks);
    for (const at of g.vias)
      vias.push({ at, size: rules.viaDiameter, drill: rules.viaDrill, net: job.name });
    const length = g.tracks.reduce(
      (s, t) => s + Math.hypot(t.end.x - t.start.x, t.end.y - t.start.y),
      0,
    );
    const routed = job.connected === job.pads.length;
    nets.push({
      net: job.name,
      pads: job.pads.length,
      connected: job.connected,
      routed,
      width: g.width,
      length: Math.round(length * 1000) / 1000,
      mst: Math.round(spanningLength(job.pads.map((p) => p.at)) * 1000) / 1000,
      vias: g.vias.length,
      ...(routed ? {} : { reason: job.reason ?? "not routed" }),
    });
  }
  const used = process.cpuUsage(started);
  return {
    model: { ...model, tracks: [...model.tracks, ...tracks], vias: [...model.vias, ...vias] },
    nets,
    rounds: round,
    ms: Math.round((used.user + used.system) / 1000),
    pitch,
  };
}
