import type { Point } from "../../symbol/geometry.js";
import type { Label } from "../label.js";
import { type PlacedPin, pinsOf } from "../pins-of.js";
import type { Schematic } from "../read-schematic.js";
import type { SheetPin } from "../sheet.js";
import {
  type IuSegment,
  isEndpoint,
  iuSegment,
  pointKey,
  SegmentIndex,
  toIu,
} from "./point-index.js";
import { UnionFind } from "./union-find.js";

/** A pin of a placed symbol inside a subgraph. */
export interface SubgraphPin {
  /** Index into `schematic.symbols`. */
  symbol: number;
  pin: PlacedPin;
}

/** A sheet pin inside a subgraph. */
export interface SubgraphSheetPin {
  /** Index into `schematic.sheets`. */
  sheet: number;
  pin: SheetPin;
}

/**
 * One electrically connected group of items on one sheet, before labels, power symbols and
 * the hierarchy join groups together (KiCad's CONNECTION_SUBGRAPH).
 */
export interface SheetSubgraph {
  /** True when the group contains bus segments (its labels then name buses). */
  isBus: boolean;
  pins: SubgraphPin[];
  /** Local, global and hierarchical labels (directive labels never name a net). */
  labels: Label[];
  sheetPins: SubgraphSheetPin[];
  /** A no-connect flag or a no-connect pin is part of the group. */
  noConnect: boolean;
}

export interface SheetConnectivity {
  subgraphs: SheetSubgraph[];
}

type Item =
  | { kind: "wire" | "bus"; segment: IuSegment }
  | { kind: "entry" }
  | { kind: "junction" }
  | { kind: "noConnect" }
  | { kind: "label"; label: Label }
  | { kind: "pin"; pin: SubgraphPin }
  | { kind: "sheetPin"; pin: SubgraphSheetPin };

/**
 * Cuts wires and buses the way kicad-cli 9 does when it loads a sheet: at every junction and
 * bus-entry end lying strictly inside a segment, the segment is broken and only the part from
 * its first point to the break survives (measured: the far part is lost to connectivity).
 */
function truncatedSegments(schematic: Schematic): { kind: "wire" | "bus"; a: Point; b: Point }[] {
  const segments: { kind: "wire" | "bus"; a: Point; b: Point; iu: IuSegment }[] = [];
  const index = new SegmentIndex<number>();
  for (const line of [...schematic.wires, ...schematic.buses]) {
    for (let i = 0; i + 1 < line.points.length; i++) {
      const a = line.points[i]!;
      const b = line.points[i + 1]!;
      const iu = iuSegment(a, b);
      index.add(iu, segments.length);
      segments.push({ kind: line.kind, a, b, iu });
    }
  }
  const breaks: Point[] = schematic.junctions.map((j) => j.at);
  for (const entry of schematic.busEntries) breaks.push(entry.at, entry.end);
  const cut = new Map<number, { distance: number; at: Point }>();
  for (const p of breaks) {
    const x = toIu(p.x);
    const y = toIu(p.y);
    for (const s of index.at(x, y)) {
      const seg = segments[s]!;
      if (isEndpoint(seg.iu, x, y)) continue;
      const distance = Math.hypot(x - seg.iu.x1, y - seg.iu.y1);
      const known = cut.get(s);
      if (!known || distance < known.distance) cut.set(s, { distance, at: p });
    }
  }
  return segments.map((seg, i) => ({ kind: seg.kind, a: seg.a, b: cut.get(i)?.at ?? seg.b }));
}

/**
 * Builds the subgraphs of one sheet file. `unitOf(i)` gives the unit placed for symbol i (a
 * sheet instance may place another unit than the file's default).
 */
export function sheetConnectivity(
  schematic: Schematic,
  unitOf: (symbolIndex: number) => number = (i) => schematic.symbols[i]!.unit,
): SheetConnectivity {
  const items: Item[] = [];
  const at = new Map<number, number[]>();
  const place = (p: Point, item: number) => {
    const key = pointKey(p);
    const list = at.get(key);
    if (list) list.push(item);
    else at.set(key, [item]);
  };
  const add = (item: Item, ...points: Point[]) => {
    const id = items.length;
    items.push(item);
    for (const p of points) place(p, id);
    return id;
  };

  const wireIndex = new SegmentIndex<number>();
  const busIndex = new SegmentIndex<number>();
  for (const seg of truncatedSegments(schematic)) {
    const segment = iuSegment(seg.a, seg.b);
    const id = add({ kind: seg.kind, segment }, seg.a, seg.b);
    (seg.kind === "bus" ? busIndex : wireIndex).add(segment, id);
  }
  for (const entry of schematic.busEntries) add({ kind: "entry" }, entry.at, entry.end);
  for (const junction of schematic.junctions) add({ kind: "junction" }, junction.at);
  for (const nc of schematic.noConnects) add({ kind: "noConnect" }, nc.at);
  const labelItems: number[] = [];
  for (const label of schematic.labels) labelItems.push(add({ kind: "label", label }, label.at));
  schematic.symbols.forEach((symbol, index) => {
    for (const pin of pinsOf(symbol, unitOf(index)))
      add({ kind: "pin", pin: { symbol: index, pin } }, pin.at);
  });
  schematic.sheets.forEach((sheet, index) => {
    for (const pin of sheet.pins)
      labelItems.push(add({ kind: "sheetPin", pin: { sheet: index, pin } }, pin.at));
  });

  const sets = new UnionFind();
  for (let i = 0; i < items.length; i++) sets.add();

  for (const [key, ids] of at) {
    if (ids.length < 2) continue;
    const x = Math.floor(key / 2 ** 26) - 2 ** 25;
    const y = (key % 2 ** 26) - 2 ** 25;
    const busHere = busIndex.at(x, y).length > 0;
    const busEnds = ids.some((id) => items[id]!.kind === "bus");
    let netSide: number | undefined;
    let busSide: number | undefined;
    for (const id of ids) {
      const item = items[id]!;
      // No-connect pins connect to nothing; a bus entry's bus end touches only the bus, and
      // the entry-to-bus step never carries a connection (A[0..7] is not A3).
      if (item.kind === "pin" && item.pin.pin.type === "no_connect") continue;
      if (item.kind === "entry" && busHere) continue;
      let onBus: boolean;
      if (item.kind === "bus") onBus = true;
      else if (item.kind === "wire" || item.kind === "pin" || item.kind === "entry") onBus = false;
      else onBus = busEnds;
      if (onBus) busSide = busSide === undefined ? id : sets.union(busSide, id);
      else netSide = netSide === undefined ? id : sets.union(netSide, id);
    }
  }

  // A label or sheet pin with nothing of its own kind at its point sits "on" any bus, else any
  // wire, passing through it, middle included (KiCad's dangling-end pass links them).
  const blocking = new Set(["pin", "label", "sheetPin", "noConnect"]);
  for (const id of labelItems) {
    const item = items[id]!;
    const p =
      item.kind === "label"
        ? item.label.at
        : item.kind === "sheetPin"
          ? item.pin.pin.at
          : undefined;
    if (!p) continue;
    const here = at.get(pointKey(p)) ?? [];
    if (here.some((other) => other !== id && blocking.has(items[other]!.kind))) continue;
    const x = toIu(p.x);
    const y = toIu(p.y);
    const buses = busIndex.at(x, y);
    for (const seg of buses.length > 0 ? buses : wireIndex.at(x, y)) sets.union(id, seg);
  }

  const byRoot = new Map<number, SheetSubgraph>();
  const subgraphs: SheetSubgraph[] = [];
  const groupOf = (id: number) => {
    const root = sets.find(id);
    let group = byRoot.get(root);
    if (!group) {
      group = { isBus: false, pins: [], labels: [], sheetPins: [], noConnect: false };
      byRoot.set(root, group);
      subgraphs.push(group);
    }
    return group;
  };
  for (let id = 0; id < items.length; id++) {
    const item = items[id]!;
    switch (item.kind) {
      case "pin": {
        const group = groupOf(id);
        group.pins.push(item.pin);
        if (item.pin.pin.type === "no_connect") group.noConnect = true;
        break;
      }
      case "label":
        if (item.label.kind !== "directive") groupOf(id).labels.push(item.label);
        break;
      case "sheetPin":
        groupOf(id).sheetPins.push(item.pin);
        break;
      case "noConnect":
        groupOf(id).noConnect = true;
        break;
      case "bus":
        groupOf(id).isBus = true;
        break;
    }
  }
  return {
    subgraphs: subgraphs.filter(
      (g) => g.pins.length > 0 || g.labels.length > 0 || g.sheetPins.length > 0,
    ),
  };
}
