import { pushAll } from "../../../array-ops.js";
import type { Point } from "../../symbol/geometry.js";
import type { PinElectricalType } from "../../symbol/pin.js";
import {
  annotationOf,
  type SchematicHierarchy,
  type SheetInstance,
  type SymbolAnnotation,
} from "../hierarchy.js";
import { pinsOf } from "../pins-of.js";
import { driversOf } from "./drivers.js";
import { joinBusMembers } from "./join-buses.js";
import { JoinContext, type MemberName, type PlacedSubgraph } from "./join-context.js";
import { joinHierarchy } from "./join-hierarchy.js";
import { joinByName } from "./join-names.js";
import { netName } from "./net-name.js";
import { PinNameIndex, shownNumber } from "./pin-net-name.js";
import { type SheetConnectivity, sheetConnectivity } from "./sheet-connectivity.js";

/** One symbol pin on a net. */
export interface NetNode {
  ref: string;
  /** The pin number as KiCad shows it ("" when the library writes "~"). */
  pin: string;
  /** The pin name ("" when the library writes "~"). */
  pinName: string;
  pinType: PinElectricalType;
  /** Human path of the sheet instance the symbol sits in. */
  sheet: string;
  symbolUuid: string | undefined;
  /** Sheet position of the pin's connection point (mm). */
  at: Point;
  /** False for symbols excluded from the board (KiCad's netlist export leaves them out). */
  onBoard: boolean;
}

export interface Net {
  /** The name KiCad gives the net (label, power, sheet-path names; `Net-(…)` otherwise). */
  name: string;
  /** True when no label or power symbol names the net (KiCad then invents `Net-(…)`). */
  autoNamed: boolean;
  nodes: NetNode[];
  /** Human paths of the sheet instances the net touches. */
  sheets: string[];
}

export interface Netlist {
  /** Every net with at least one symbol pin (power and flag symbols excluded), by name. */
  nets: Net[];
  /**
   * The net holding `ref` pin `pin`, if any (a common pin of a multi-unit part placed twice
   * can sit on two nets, as in KiCad; this returns the first by name).
   */
  netOf(ref: string, pin: string): Net | undefined;
}

function depthOf(instance: SheetInstance): number {
  let depth = 0;
  for (let p = instance.parent; p; p = p.parent) depth++;
  return depth;
}

/**
 * The nets of a whole hierarchy, computed the way KiCad 9's connection graph does: per sheet
 * instance, items connect at shared points (labels also anywhere along a wire); then labels
 * join groups by name within a sheet, global labels and power symbols everywhere,
 * hierarchical labels meet their sheet pins, and bus members meet the nets of their names.
 * Like KiCad, a group that nothing drives (no label, no power symbol, no annotated pin) is no
 * net, and references come from each sheet instance's own annotation.
 */
export function netlist(hierarchy: SchematicHierarchy): Netlist {
  const aliases = new Map<string, string[]>();
  for (const schematic of hierarchy.files.values()) {
    for (const alias of schematic.busAliases) aliases.set(alias.name, alias.members);
  }
  const ctx = new JoinContext(aliases);
  const legacyPower = (hierarchy.root.schematic.stamp.version ?? 0) < 20230221;
  const cache = new Map<string, SheetConnectivity>();
  const placed: PlacedSubgraph[] = [];
  const byInstance = new Map<SheetInstance, PlacedSubgraph[]>();
  const annotations = new Map<SheetInstance, SymbolAnnotation[]>();

  for (const instance of hierarchy.instances) {
    const symbols = instance.schematic.symbols;
    const notes = symbols.map((s) => annotationOf(hierarchy, instance, s));
    annotations.set(instance, notes);
    let signature = "";
    notes.forEach((note, i) => {
      if (note.unit !== symbols[i]!.unit) signature += `${i}:${note.unit},`;
    });
    const cacheKey = `${instance.file}\u0000${signature}`;
    let connectivity = cache.get(cacheKey);
    if (!connectivity) {
      connectivity = sheetConnectivity(instance.schematic, (i) => notes[i]!.unit);
      cache.set(cacheKey, connectivity);
    }
    const pinNames = new Map<number, PinNameIndex>();
    const pinNamesOf = (i: number) => {
      let names = pinNames.get(i);
      if (!names) {
        names = new PinNameIndex(pinsOf(symbols[i]!, notes[i]!.unit));
        pinNames.set(i, names);
      }
      return names;
    };
    const depth = depthOf(instance);
    const list = connectivity.subgraphs.map(
      (graph): PlacedSubgraph => ({
        instance,
        depth,
        graph,
        drivers: driversOf(instance, graph, notes, pinNamesOf, legacyPower),
        bus: undefined,
        busGlobal: false,
        busDriver: undefined,
        element: ctx.sets.add(),
      }),
    );
    pushAll(placed, list);
    byInstance.set(instance, list);
  }

  for (const [instance, list] of byInstance) {
    joinByName(ctx, instance, list);
    joinBusMembers(ctx, instance, list);
  }
  for (const [instance, list] of byInstance) {
    for (const child of instance.children) {
      joinHierarchy(ctx, instance, list, child, byInstance.get(child) ?? []);
    }
  }
  return assemble(ctx, placed, annotations);
}

function assemble(
  ctx: JoinContext,
  placed: readonly PlacedSubgraph[],
  annotations: Map<SheetInstance, SymbolAnnotation[]>,
): Netlist {
  const groups = new Map<number, PlacedSubgraph[]>();
  for (const node of placed) {
    const root = ctx.sets.find(node.element);
    const group = groups.get(root);
    if (group) group.push(node);
    else groups.set(root, [node]);
  }
  const memberNames = new Map<number, MemberName[]>();
  for (const [element, names] of ctx.memberNames) {
    const root = ctx.sets.find(element);
    const list = memberNames.get(root);
    if (list) pushAll(list, names);
    else memberNames.set(root, [...names]);
  }

  const nets: Net[] = [];
  const byNode = new Map<string, Net>();
  for (const [root, group] of groups) {
    // KiCad drops groups nothing drives (e.g. pins of symbols not annotated for this sheet).
    if (!group.some((node) => node.drivers.length > 0)) continue;
    const seen = new Set<string>();
    const nodes: NetNode[] = [];
    const sheets = new Set<string>();
    for (const node of group) {
      sheets.add(node.instance.path);
      const notes = annotations.get(node.instance)!;
      for (const { symbol: index, pin } of node.graph.pins) {
        const note = notes[index]!;
        if (note.reference.startsWith("#")) continue;
        const number = shownNumber(pin);
        const key = `${note.reference}\u0000${number}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const symbol = node.instance.schematic.symbols[index]!;
        nodes.push({
          ref: note.reference,
          pin: number,
          pinName: pin.name === "~" ? "" : pin.name,
          pinType: pin.type,
          sheet: node.instance.path,
          symbolUuid: symbol.uuid,
          at: pin.at,
          onBoard: symbol.onBoard,
        });
      }
    }
    if (nodes.length === 0) continue;
    const { name, autoNamed } = netName(group, memberNames.get(root) ?? []);
    nodes.sort((a, b) => (a.ref === b.ref ? comparePins(a.pin, b.pin) : a.ref < b.ref ? -1 : 1));
    const net: Net = { name, autoNamed, nodes, sheets: [...sheets] };
    nets.push(net);
    for (const n of nodes) {
      const key = `${n.ref}\u0000${n.pin}`;
      if (!byNode.has(key)) byNode.set(key, net);
    }
  }
  nets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { nets, netOf: (ref, pin) => byNode.get(`${ref}\u0000${pin}`) };
}

/** Natural order for pin numbers ("2" before "10", "A2" before "A10"), without Intl's cost. */
function comparePins(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== "" && b !== "" && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  const ra = /^(\D*)(\d*)(.*)$/.exec(a)!;
  const rb = /^(\D*)(\d*)(.*)$/.exec(b)!;
  if (ra[1] !== rb[1]) return ra[1]! < rb[1]! ? -1 : 1;
  const da = ra[2] === "" ? -1 : Number(ra[2]);
  const db = rb[2] === "" ? -1 : Number(rb[2]);
  if (da !== db) return da - db;
  return a < b ? -1 : a > b ? 1 : 0;
}
