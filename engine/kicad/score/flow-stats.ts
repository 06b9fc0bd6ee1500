import type { Point } from "../geometry/point.js";
import { annotationOf, type SchematicHierarchy } from "../schematic/hierarchy.js";
import type { Net, NetNode } from "../schematic/netlist/netlist.js";
import { netlist } from "../schematic/netlist/netlist.js";
import { shownNumber } from "../schematic/netlist/pin-net-name.js";
import { type PinSide, pinsOf } from "../schematic/pins-of.js";

/** How the drawing follows its signals, counted over the whole hierarchy. */
export interface FlowCounts {
  /** Driver → load steps (an output pin to an input pin on one page) that run left to right. */
  forwardSteps: number;
  steps: number;
  /** Pins that point towards the rest of their net on the page (a connector facing its circuit). */
  facingPins: number;
  pins: number;
  /** Small nets (2–3 pins, one page) whose pins lie within NEAR_MM of each other. */
  nearNets: number;
  smallNets: number;
}

/** Pins of a small net farther apart than this (six resistor lengths) read as "elsewhere". */
export const NEAR_MM = 38.1;
/** Nets bigger than this are rails or buses: their shape says nothing about one signal. */
const MAX_SIGNAL_NODES = 12;
/** Steps and offsets shorter than this (a grid step) have no direction worth judging. */
const MIN_SPAN_MM = 2.54;

const DRIVERS = new Set(["output", "tri_state", "open_collector", "open_emitter"]);
const OUTWARD: Record<PinSide, Point> = {
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  top: { x: 0, y: -1 },
  bottom: { x: 0, y: 1 },
};

/**
 * Signal flow and proximity, measured along each net from KiCad's own connectivity (the
 * netlister): whether outputs feed inputs to their right, whether pins face the parts they
 * connect to (a connector turned away from its circuit, a hairpin back to a pin on the far
 * side), and whether the parts of a small net — a crystal and its MCU pins, a divider and its
 * tap — sit together. Rails and buses (power pins, more than 12 pins) are left out.
 */
export function flowCounts(
  hierarchy: SchematicHierarchy,
  nets: readonly Net[] = netlist(hierarchy).nets,
): FlowCounts {
  const { sides, small } = pinSides(hierarchy);
  const counts: FlowCounts = {
    forwardSteps: 0,
    steps: 0,
    facingPins: 0,
    pins: 0,
    nearNets: 0,
    smallNets: 0,
  };
  for (const net of nets) {
    const nodes = net.nodes;
    if (nodes.length < 2 || nodes.length > MAX_SIGNAL_NODES) continue;
    if (nodes.some((n) => n.pinType === "power_in" || n.pinType === "power_out")) continue;
    const bySheet = new Map<string, NetNode[]>();
    for (const n of nodes) {
      const list = bySheet.get(n.sheet);
      if (list) list.push(n);
      else bySheet.set(n.sheet, [n]);
    }
    for (const [sheet, here] of bySheet) {
      for (const a of here) {
        if (!DRIVERS.has(a.pinType)) continue;
        for (const b of here) {
          if (b.pinType !== "input" || Math.abs(b.at.x - a.at.x) < MIN_SPAN_MM) continue;
          counts.steps++;
          if (b.at.x > a.at.x) counts.forwardSteps++;
        }
      }
      for (const a of here) {
        const others = here.filter((b) => b.ref !== a.ref);
        const side = sides.get(`${sheet}\u0000${a.ref}\u0000${a.pin}`);
        if (others.length === 0 || !side) continue;
        const cx = others.reduce((s, b) => s + b.at.x, 0) / others.length - a.at.x;
        const cy = others.reduce((s, b) => s + b.at.y, 0) / others.length - a.at.y;
        const len = Math.hypot(cx, cy);
        if (len < MIN_SPAN_MM) continue;
        counts.pins++;
        const out = OUTWARD[side];
        // Facing: the rest of the net lies ahead of the pin or beside it, not behind the body.
        if ((cx * out.x + cy * out.y) / len > -0.2) counts.facingPins++;
      }
    }
    const refs = new Set(nodes.map((n) => n.ref));
    const servesPart = [...refs].some((r) => small.has(r));
    if (nodes.length <= 3 && bySheet.size === 1 && refs.size >= 2 && servesPart) {
      counts.smallNets++;
      if (maxDistance(nodes) <= NEAR_MM) counts.nearNets++;
    }
  }
  return counts;
}

function maxDistance(nodes: readonly NetNode[]): number {
  let max = 0;
  for (const a of nodes)
    for (const b of nodes) max = Math.max(max, Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y));
  return max;
}

/**
 * Which side of its body each placed pin sticks out of, by sheet, reference and pin number;
 * and the small support parts (at most 4 pins, not connectors: resistors, capacitors,
 * crystals, diodes), whose place is beside the pins they serve.
 */
function pinSides(hierarchy: SchematicHierarchy): {
  sides: Map<string, PinSide>;
  small: Set<string>;
} {
  const out = new Map<string, PinSide>();
  const small = new Set<string>();
  for (const instance of hierarchy.instances) {
    for (const symbol of instance.schematic.symbols) {
      if (!symbol.lib || symbol.power) continue;
      const { reference, unit } = annotationOf(hierarchy, instance, symbol);
      const pins = pinsOf(symbol, unit);
      const lib = symbol.libId.slice(symbol.libId.indexOf(":") + 1);
      if (
        symbol.lib.pins.length <= 4 &&
        !/^Conn|^Connector|^TestPoint/i.test(lib) &&
        !symbol.libId.startsWith("Connector")
      )
        small.add(reference);
      for (const pin of pins)
        out.set(`${instance.path}\u0000${reference}\u0000${shownNumber(pin)}`, pin.side);
    }
  }
  return { sides: out, small };
}
