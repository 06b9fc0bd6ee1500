import type { KicadNetlist } from "../../../../../engine/kicad/schematic/kicad-netlist.js";
import type { Netlist } from "../../../../../engine/kicad/schematic/netlist/netlist.js";

/** A net as a comparable set: its sorted "ref.pin" members joined by spaces. */
type Partition = Map<string, string>;

function key(nodes: readonly { ref: string; pin: string }[]): string {
  return nodes
    .map((n) => `${n.ref}.${n.pin}`)
    .sort()
    .join(" ");
}

/** KiCad's nets keyed by their members, with their names. */
export function kicadPartition(netlist: KicadNetlist): Partition {
  return new Map(netlist.nets.filter((n) => n.nodes.length > 0).map((n) => [key(n.nodes), n.name]));
}

/** Our nets the way KiCad's export lists them: symbols excluded from the board left out. */
export function ourPartition(netlist: Netlist): Partition {
  const out: Partition = new Map();
  for (const net of netlist.nets) {
    const nodes = net.nodes.filter((n) => n.onBoard);
    if (nodes.length > 0) out.set(key(nodes), net.name);
  }
  return out;
}

export interface NetDiff {
  /** Nets KiCad has that we do not (as "name: members"). */
  onlyKicad: string[];
  onlyOurs: string[];
  /** Same members, different names: "kicad ≠ ours". */
  renamed: string[];
}

export function diffNets(kicad: Partition, ours: Partition): NetDiff {
  const onlyKicad = [...kicad].filter(([k]) => !ours.has(k)).map(([k, n]) => `${n}: ${k}`);
  const onlyOurs = [...ours].filter(([k]) => !kicad.has(k)).map(([k, n]) => `${n}: ${k}`);
  const renamed: string[] = [];
  for (const [k, name] of kicad) {
    const mine = ours.get(k);
    if (mine !== undefined && mine !== name) renamed.push(`${name} ≠ ${mine}`);
  }
  return { onlyKicad, onlyOurs, renamed };
}
