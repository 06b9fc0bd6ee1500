import { mpnOf } from "../../kicad/drift/mpn-field.js";
import { isUnconnectedNet } from "../../kicad/drift/net-name.js";
import { annotationOf, type SchematicHierarchy } from "../../kicad/schematic/hierarchy.js";
import { netlist } from "../../kicad/schematic/netlist/netlist.js";

/** A part as the scaffolded docs list it. */
export interface ScaffoldPart {
  ref: string;
  value: string;
  libId: string;
  footprint: string;
  /** The symbol's MPN-like field, when it has one. */
  mpn: string | undefined;
}

export interface ScaffoldPin {
  ref: string;
  pin: string;
  name: string;
  /** The netlister's net name, or "NC" for a pin that connects to nothing. */
  net: string;
}

/** What `copperhead init` reads off an existing schematic to scaffold the docs from. */
export interface ScaffoldDesign {
  title: string;
  /** Each sheet instance with the parts first seen on it, in hierarchy order. */
  sheets: Array<{ name: string; parts: ScaffoldPart[] }>;
  /** The pins of the parts a pinout is kept for (ICs and connectors; all parts when none). */
  pins: ScaffoldPin[];
}

const byRef = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
const PINOUT_PART = /^(U|IC|J|P|CN|X|MOD|M)\d/;

/** Reads the design's parts, sheets and pins through our views and netlister. */
export function scaffoldDesignOf(hierarchy: SchematicHierarchy, title: string): ScaffoldDesign {
  const seen = new Set<string>();
  const pinsOf = new Map<string, Map<string, string>>();
  const sheets: ScaffoldDesign["sheets"] = [];
  for (const instance of hierarchy.instances) {
    const parts: ScaffoldPart[] = [];
    for (const symbol of instance.schematic.symbols) {
      const { reference } = annotationOf(hierarchy, instance, symbol);
      if (symbol.power || reference.startsWith("#")) continue;
      const pins = pinsOf.get(reference) ?? new Map<string, string>();
      for (const pin of symbol.lib?.pins ?? [])
        if (!pins.has(pin.number)) pins.set(pin.number, pin.name);
      pinsOf.set(reference, pins);
      if (seen.has(reference) || !symbol.inBom) continue;
      seen.add(reference);
      const fields = Object.fromEntries(symbol.properties.map((p) => [p.name, p.value]));
      parts.push({
        ref: reference,
        value: symbol.value,
        libId: symbol.libId,
        footprint: symbol.footprint,
        mpn: mpnOf(fields),
      });
    }
    const name = instance.parent ? instance.name : title;
    sheets.push({ name, parts: parts.sort((a, b) => byRef(a.ref, b.ref)) });
  }
  const nets = netlist(hierarchy);
  const all = [...pinsOf.keys()].sort(byRef);
  const chosen = all.some((r) => PINOUT_PART.test(r))
    ? all.filter((r) => PINOUT_PART.test(r))
    : all;
  const pins: ScaffoldPin[] = [];
  for (const ref of chosen) {
    const numbers = [...(pinsOf.get(ref) ?? new Map()).entries()].sort((a, b) => byRef(a[0], b[0]));
    for (const [pin, name] of numbers) {
      const net = nets.netOf(ref, pin);
      const connected = net && !isUnconnectedNet(net.name, net.nodes.length);
      pins.push({ ref, pin, name: name === "~" ? "" : name, net: connected ? net.name : "NC" });
    }
  }
  return { title, sheets: sheets.filter((s) => s.parts.length > 0), pins };
}
