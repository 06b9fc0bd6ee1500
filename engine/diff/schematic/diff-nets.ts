/** What the matcher needs of a net: the schematic netlist's nets and the board's both fit. */
export interface NetLike {
  name: string;
  /** True for names KiCad invents (`Net-(R1-Pad2)`), which follow the pins. */
  autoNamed: boolean;
  nodes: readonly NodeLike[];
}

export interface NodeLike {
  ref: string;
  pin: string;
  pinName: string;
}

import { compareRefs } from "../../kicad/drift/sort-refs.js";
import { compareCodePoints as compareText } from "../../kicad/sexp/sheet-order.js";
import type { SchematicChange } from "../diff-report.js";

export interface NetsDiffInput {
  before: readonly NetLike[];
  after: readonly NetLike[];
  /** Reference before → after for parts on both sides (see diffParts). */
  refMap: ReadonlyMap<string, string>;
  /** Parts (by reference after) whose pins may legitimately differ: symbol or units changed. */
  reshaped: ReadonlySet<string>;
}

export interface NetsDiff {
  changes: SchematicChange[];
  /** Every net name a change mentions, before and after. */
  touched: Set<string>;
  /** Net name before → name after for every matched pair whose names differ (invented ones too). */
  renamed: Map<string, string>;
}

interface Side {
  nets: readonly NetLike[];
  /** Pin key → index of its net (the first, for a common pin KiCad lists twice). */
  netOfPin: Map<string, number>;
  /** Pin key → the node, for names in messages. */
  nodes: Map<string, NodeLike>;
  /** Per net, its pin keys. */
  pins: string[][];
}

const SEP = "\u0000";
const key = (ref: string, pin: string) => `${ref}${SEP}${pin}`;

function sideOf(nets: readonly NetLike[], refOf: (ref: string) => string | undefined): Side {
  const side: Side = { nets, netOfPin: new Map(), nodes: new Map(), pins: [] };
  nets.forEach((net, index) => {
    const pins: string[] = [];
    for (const node of net.nodes) {
      const ref = refOf(node.ref);
      // A pin of a part that is gone after gets a key the other side never has.
      const k = ref === undefined ? `\u0001${key(node.ref, node.pin)}` : key(ref, node.pin);
      pins.push(k);
      if (!side.netOfPin.has(k)) side.netOfPin.set(k, index);
      side.nodes.set(k, node);
    }
    side.pins.push(pins);
  });
  return side;
}

/**
 * Nets matched across revisions, then what changed between the matched pairs. A net keeps its
 * identity through a rename when its pins stay: pairs are found by name, then by an identical
 * set of the pins both revisions have, then by the largest shared majority of those pins. Only
 * then are pins compared, so a rename is one change, not one per pin. KiCad's invented names
 * (`Net-(R1-Pad2)`, `unconnected-(…)`) follow the pins, so two of them differing is no rename.
 */
export function diffNets(input: NetsDiffInput): NetsDiff {
  const a = sideOf(input.before, (ref) => input.refMap.get(ref));
  const b = sideOf(input.after, (ref) => ref);
  const common = new Set([...a.netOfPin.keys()].filter((k) => b.netOfPin.has(k)));
  const restrictedA = a.pins.map((pins) => pins.filter((k) => common.has(k)));
  const restrictedB = b.pins.map((pins) => pins.filter((k) => common.has(k)));

  const pairOfA = new Map<number, number>();
  const pairOfB = new Map<number, number>();
  const pair = (i: number, j: number) => {
    pairOfA.set(i, j);
    pairOfB.set(j, i);
  };

  const byNameB = new Map<string, number>();
  b.nets.forEach((net, j) => {
    byNameB.set(net.name, j);
  });
  a.nets.forEach((net, i) => {
    const j = byNameB.get(net.name);
    if (j !== undefined && !pairOfB.has(j)) pair(i, j);
  });

  const bySignature = new Map<string, number[]>();
  restrictedB.forEach((pins, j) => {
    if (pairOfB.has(j) || pins.length === 0) return;
    const signature = [...pins].sort().join("\n");
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), j]);
  });
  restrictedA.forEach((pins, i) => {
    if (pairOfA.has(i) || pins.length === 0) return;
    const candidates = bySignature.get([...pins].sort().join("\n"));
    const j = candidates?.shift();
    if (j !== undefined) pair(i, j);
  });

  const overlaps: { i: number; j: number; shared: number; size: number }[] = [];
  restrictedA.forEach((pins, i) => {
    if (pairOfA.has(i) || pins.length === 0) return;
    const counts = new Map<number, number>();
    for (const k of pins) {
      const j = b.netOfPin.get(k)!;
      if (!pairOfB.has(j)) counts.set(j, (counts.get(j) ?? 0) + 1);
    }
    for (const [j, shared] of counts) {
      const size = Math.max(pins.length, restrictedB[j]!.length);
      if (shared * 2 >= size) overlaps.push({ i, j, shared, size });
    }
  });
  overlaps.sort(
    (x, y) =>
      y.shared - x.shared ||
      x.size - y.size ||
      compareText(a.nets[x.i]!.name, a.nets[y.i]!.name) ||
      compareText(b.nets[x.j]!.name, b.nets[y.j]!.name),
  );
  for (const { i, j } of overlaps) if (!pairOfA.has(i) && !pairOfB.has(j)) pair(i, j);

  const changes: SchematicChange[] = [];
  const touched = new Set<string>();
  const renamed = new Map<string, string>();
  for (const [i, j] of pairOfA) {
    const before = a.nets[i]!;
    const after = b.nets[j]!;
    if (before.name !== after.name) renamed.set(before.name, after.name);
    if (before.name === after.name || (before.autoNamed && after.autoNamed)) continue;
    changes.push({
      kind: "net-renamed",
      before: before.name,
      after: after.name,
      pins: after.nodes.length,
    });
    touched.add(before.name).add(after.name);
  }
  restrictedB.forEach((pins, j) => {
    if (pairOfB.has(j) || pins.length === 0) return;
    const net = b.nets[j]!;
    changes.push({ kind: "net-added", net: net.name, pins: pinList(b, b.pins[j]!) });
    touched.add(net.name);
  });
  restrictedA.forEach((pins, i) => {
    if (pairOfA.has(i) || pins.length === 0) return;
    const net = a.nets[i]!;
    changes.push({ kind: "net-removed", net: net.name, pins: pinList(a, a.pins[i]!) });
    touched.add(net.name);
  });

  const moved = (node: NodeLike, ref: string, before: string | null, after: string | null) => {
    changes.push({ kind: "pin-moved", ref, pin: node.pin, pinName: node.pinName, before, after });
    if (before !== null) touched.add(before);
    if (after !== null) touched.add(after);
  };
  for (const k of common) {
    const i = a.netOfPin.get(k)!;
    const j = b.netOfPin.get(k)!;
    if (pairOfA.get(i) === j) continue;
    const node = b.nodes.get(k)!;
    moved(node, node.ref, a.nets[i]!.name, b.nets[j]!.name);
  }
  // Pins of a surviving part that only one side has on a net, when its symbol did not change.
  for (const [k, i] of a.netOfPin) {
    if (k.startsWith("\u0001") || b.netOfPin.has(k)) continue;
    const node = a.nodes.get(k)!;
    const ref = input.refMap.get(node.ref)!;
    if (!input.reshaped.has(ref)) moved(node, ref, a.nets[i]!.name, null);
  }
  const survivors = new Set(input.refMap.values());
  for (const [k, j] of b.netOfPin) {
    if (a.netOfPin.has(k)) continue;
    const node = b.nodes.get(k)!;
    if (survivors.has(node.ref) && !input.reshaped.has(node.ref))
      moved(node, node.ref, null, b.nets[j]!.name);
  }
  return { changes, touched, renamed };
}

function pinList(side: Side, keys: readonly string[]): string[] {
  return keys
    .map((k) => side.nodes.get(k)!)
    .sort((x, y) => compareRefs(x.ref, y.ref) || compareRefs(x.pin, y.pin))
    .map((node) => `${node.ref}.${node.pin}`);
}
