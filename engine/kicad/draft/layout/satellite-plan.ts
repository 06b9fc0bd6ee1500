import {
  pinKey,
  type ResolvedIntent,
  type ResolvedNet,
  type ResolvedPart,
} from "../resolved-intent.js";
import { unitGeometry, unitsOf } from "../unit-geometry.js";
import { isConnector } from "./is-connector.js";

/** A two-pin part hung in line: `near` faces the wire it hangs from, `far` carries on. */
export interface Satellite {
  ref: string;
  near: string;
  far: string;
}

/** Two-pin parts hung from one pin (`REF.PIN`), one after another along the same line. */
export interface SatelliteStack {
  host: string;
  net: string;
  parts: Satellite[];
}

export interface SatellitePlan {
  /** Stacks by the host pin they hang from. */
  stacks: Map<string, SatelliteStack[]>;
  /** Parts drawn as satellites (never as cells of their own). */
  hung: Set<string>;
  /** Two-pin parts with no multi-pin host that became hosts themselves, in member order. */
  promoted: string[];
}

/** A single-unit part with exactly two pins facing opposite ways: it can sit in a wire's line. */
export function isInline(part: ResolvedPart): boolean {
  if (part.symbol.symbol.unitCount !== 1) return false;
  const pins = unitGeometry(part.symbol.symbol, 1).pins;
  if (pins.length !== 2) return false;
  const [a, b] = pins.map((p) => p.outward);
  const opposite: Record<string, string> = { left: "right", right: "left", up: "down", down: "up" };
  return a !== undefined && opposite[a] === b;
}

/**
 * At most this many stacks on one pin: a board's dozen decoupling capacitors on one supply pin
 * would otherwise make one line across the sheet; the rest go to other pins or host each other.
 */
const MAX_PER_PIN = 4;

/** A stack is a part and what follows it (R → LED); longer runs get hosts of their own, compactly. */
const MAX_CHAIN = 2;

/** Signal nets first (pull-ups, series and CC resistors), then supply rails (decoupling), then ground. */
function rank(net: ResolvedNet): number {
  return net.class.class === "signal" ? 0 : net.class.class === "power" ? 1 : 2;
}

/**
 * Which two-pin part hangs from which pin, as a person would draw them: each in-line two-pin part
 * sits beside a pin of a multi-pin part of its group that it shares a net with (a signal net
 * first, else a supply rail, else ground; an IC's pin before a connector's); a part joined by a
 * signal net to the free end of a hung part follows it (R → LED); parts left without a host host
 * the rest themselves (a fuse and the TVS on its output, a bulk cap beside a terminal).
 */
export function planSatellites(
  resolved: ResolvedIntent,
  members: readonly ResolvedPart[],
): SatellitePlan {
  const netOf = new Map<string, ResolvedNet>();
  for (const n of resolved.nets)
    for (const e of n.endpoints) netOf.set(pinKey(e.ref, e.pin.number), n);
  const pinsOf = (part: ResolvedPart) =>
    unitsOf(part.symbol.symbol)
      .flatMap((unit) => unitGeometry(part.symbol.symbol, unit).pins.map((p) => p.pin.number))
      .filter((number) => netOf.has(pinKey(part.part.ref, number)));

  const inline = members.filter(isInline);
  const inlineRefs = new Set(inline.map((p) => p.part.ref));
  // Host pins by net name, in member order.
  const hostPins = new Map<string, string[]>();
  // Host pins on a unit of exactly two pins (a two-pin connector, an op-amp's power unit): the
  // scorer counts those units as two-pin parts too, so each should get something hung on it.
  const pairUnit = new Map<string, string>();
  const powerIn = new Set<string>();
  // Pins of connectors: a pull-up or a decoupling cap is drawn at the IC pin it serves, not at the
  // header pin that happens to share its net (an ISP header's RESET).
  const onConnector = new Set<string>();
  const stackedTwins = new Set<string>();
  const addHost = (part: ResolvedPart) => {
    for (const unit of unitsOf(part.symbol.symbol)) {
      const pins = unitGeometry(part.symbol.symbol, unit).pins;
      const spots = new Set<string>();
      for (const p of pins) {
        const key = pinKey(part.part.ref, p.pin.number);
        // A pin stacked on an earlier one (USB-C's A9/B9) is drawn through that one.
        const spot = `${p.offset.x},${p.offset.y}`;
        if (spots.has(spot)) stackedTwins.add(key);
        spots.add(spot);
        if (pins.length === 2) pairUnit.set(key, `${part.part.ref}/${unit}`);
        if (p.pin.type === "power_in") powerIn.add(key);
        if (isConnector(part)) onConnector.add(key);
      }
    }
    for (const number of pinsOf(part)) {
      const key = pinKey(part.part.ref, number);
      if (stackedTwins.has(key)) continue;
      const net = netOf.get(key)?.net.name as string;
      hostPins.set(net, [...(hostPins.get(net) ?? []), key]);
    }
  };
  for (const m of members) if (!inlineRefs.has(m.part.ref)) addHost(m);

  const plan: SatellitePlan = { stacks: new Map(), hung: new Set(), promoted: [] };
  const load = new Map<string, number>();
  const servedPairs = new Set<string>();
  const tails: SatelliteStack[] = [];

  const hang = (candidates: readonly ResolvedPart[], maxRank: number) => {
    for (const t of candidates) {
      if (plan.hung.has(t.part.ref) || plan.promoted.includes(t.part.ref)) continue;
      let best: { score: number[]; host: string; near: string; far: string } | undefined;
      const numbers = unitGeometryPins(t);
      for (const near of numbers) {
        const net = netOf.get(pinKey(t.part.ref, near));
        if (!net) continue;
        const far = numbers.find((n) => n !== near) as string;
        if (rank(net) > maxRank) continue;
        const open = (hostPins.get(net.net.name) ?? []).filter(
          (host) => !host.startsWith(`${t.part.ref}.`) && (load.get(host) ?? 0) < MAX_PER_PIN,
        );
        // Only against an IC pin on the same net: a series part between a connector's net and
        // an IC's (an input resistor) keeps its usual order.
        const icOnNet = open.some((host) => !onConnector.has(host));
        for (const host of open) {
          const pair = pairUnit.get(host);
          const score = [
            rank(net),
            pair !== undefined && !servedPairs.has(pair) ? 0 : 1,
            icOnNet && onConnector.has(host) ? 1 : 0,
            rank(net) > 0 && powerIn.has(host) ? 0 : 1,
            load.get(host) ?? 0,
          ];
          if (!best || before(score, best.score)) best = { score, host, near, far };
        }
      }
      if (!best) continue;
      const stack: SatelliteStack = {
        host: best.host,
        net: netOf.get(best.host)?.net.name as string,
        parts: [{ ref: t.part.ref, near: best.near, far: best.far }],
      };
      plan.stacks.set(best.host, [...(plan.stacks.get(best.host) ?? []), stack]);
      plan.hung.add(t.part.ref);
      load.set(best.host, (load.get(best.host) ?? 0) + 1);
      const pair = pairUnit.get(best.host);
      if (pair !== undefined) servedPairs.add(pair);
      tails.push(stack);
    }
  };

  // Chains: a free part joined by a signal net to the far end of a stack follows it.
  const chain = () => {
    let grew = true;
    while (grew) {
      grew = false;
      for (const stack of tails) {
        if (stack.parts.length >= MAX_CHAIN) continue;
        const tail = stack.parts[stack.parts.length - 1] as Satellite;
        const net = netOf.get(pinKey(tail.ref, tail.far));
        if (net?.class.class !== "signal") continue;
        const next = inline.find(
          (t) =>
            !plan.hung.has(t.part.ref) &&
            !plan.promoted.includes(t.part.ref) &&
            net.endpoints.some((e) => e.ref === t.part.ref),
        );
        if (!next) continue;
        const numbers = unitGeometryPins(next);
        const near = net.endpoints.find((e) => e.ref === next.part.ref)?.pin.number as string;
        const far = numbers.find((n) => n !== near) as string;
        stack.parts.push({ ref: next.part.ref, near, far });
        plan.hung.add(next.part.ref);
        grew = true;
      }
    }
  };

  // Parts held only by ground wait until the chains have grown: a filter capacitor then follows
  // its series resistor (R → C → GND) instead of hanging from some ground pin.
  hang(inline, 1);
  chain();
  hang(inline, 2);
  chain();
  for (const t of inline) {
    if (plan.hung.has(t.part.ref) || plan.promoted.includes(t.part.ref)) continue;
    plan.promoted.push(t.part.ref);
    addHost(t);
    hang(inline, 2);
    chain();
  }
  return plan;
}

/** Lexicographic: the first differing key decides. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

function unitGeometryPins(part: ResolvedPart): string[] {
  return unitGeometry(part.symbol.symbol, 1).pins.map((p) => p.pin.number);
}
