import { seeded } from "../bench/draft-route.js";
import type { Intent } from "../engine/kicad/draft/intent.js";
import { partPins } from "../engine/kicad/draft/pin-lookup.js";
import { pinStacks } from "../engine/kicad/draft/pin-stacks.js";
import { powerToken } from "../engine/kicad/draft/power-token.js";
import type { CatalogSymbol } from "../engine/kicad/library/symbol-catalog.js";
import type { LibPin } from "../engine/kicad/symbol/pin.js";

/** Why a symbol gets no breakout: a person could not wire one from it either. */
export type SkipReason = "power-symbol" | "no-pins" | "no-supply-pins";

/** A breakout for one symbol, and the nets the drawn sheet must have (stacked twins joined). */
export type Breakout =
  | {
      ok: true;
      intent: Intent;
      /** Every net as the sorted set of its `REF.PIN`s, stacked pins KiCad joins included. */
      expected: string[][];
      /** Stacked pins the intent leaves out, which the drafter must join to their stack's net. */
      leftOut: string[];
    }
  | { ok: false; reason: SkipReason; detail: string };

const GROUND = /^([ADP]?GND[A-Z0-9_]*|VSS[A-Z0-9_]*|0V|EARTH|CHASSIS)$/i;
const PAD = /^(E?PAD|EP|EXP|THERMAL_?PAD|PADDLE)$/i;
const SIGNAL_TYPES: ReadonlySet<string> = new Set([
  "bidirectional",
  "input",
  "output",
  "tri_state",
  "open_collector",
  "open_emitter",
]);
const OUTPUT_TYPES: ReadonlySet<string> = new Set([
  "output",
  "tri_state",
  "open_collector",
  "open_emitter",
]);

/** KiCad's overbar markup and anything a net name cannot hold, turned into a plain name. */
export function netNameOf(pinName: string, fallback: string): string {
  const plain = pinName
    .replace(/[~^_]\{([^}]*)\}/g, "$1")
    .replace(/[^A-Za-z0-9_+.-]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  return plain === "" || plain === "~" || /^\d/.test(plain) ? fallback : plain;
}

function isGround(pin: LibPin): boolean {
  const name = netNameOf(pin.name, "");
  return GROUND.test(name) || (pin.type === "power_in" && PAD.test(name));
}

/** One connection point of the IC: a single pin, or a stack KiCad joins. */
interface Spot {
  pins: LibPin[];
  /** The pin whose name and type decide what the spot is. */
  lead: LibPin;
}

function spotsOf(symbol: CatalogSymbol): Spot[] {
  const pins = partPins(symbol.symbol);
  const stackOf = new Map<string, LibPin[]>();
  for (const stack of pinStacks(symbol.symbol))
    for (const p of stack.pins) if (!stackOf.has(p.number)) stackOf.set(p.number, stack.pins);
  const spots: Spot[] = [];
  const done = new Set<string>();
  for (const pin of pins) {
    if (done.has(pin.number)) continue;
    const group = (stackOf.get(pin.number) ?? [pin]).filter((p) => !done.has(p.number));
    for (const p of group) done.add(p.number);
    // A stack is a supply when any of its pins is; its visible pin names it.
    const lead =
      group.find((p) => p.type === "power_in" || p.type === "power_out") ??
      group.find((p) => !p.hidden) ??
      (group[0] as LibPin);
    spots.push({ pins: group, lead });
  }
  return spots;
}

/**
 * A breakout a person would build around one KiCad symbol, as the schematic stage's agent
 * writes it: every supply pin on its rail with a 100 nF capacitor to ground (10 µF on an
 * output rail), ground pins on GND, a 10k pull-up on an input or two, a 1k resistor and an LED
 * on an output, a header bringing in the main rail, ground and two signals, and every other
 * pin under noConnect. Stacked pins are listed together or only by their first pin (seeded),
 * since an intent may do either. Pins of type no_connect are left out, as KiCad needs nothing
 * on them. Deterministic for a symbol and seed.
 */
export function breakoutIntent(symbol: CatalogSymbol, seed = 1): Breakout {
  if (symbol.symbol.power)
    return { ok: false, reason: "power-symbol", detail: "a power symbol is not a part" };
  const spots = spotsOf(symbol);
  if (spots.length === 0) return { ok: false, reason: "no-pins", detail: "the symbol has no pins" };
  const random = seeded(hash(`${symbol.libId}/${seed}`));
  const supplies = spots.filter(
    (s) => (s.lead.type === "power_in" || s.lead.type === "power_out") && !isGround(s.lead),
  );
  const grounds = spots.filter((s) => s.lead.type !== "no_connect" && isGround(s.lead));
  if (supplies.length === 0)
    return {
      ok: false,
      reason: "no-supply-pins",
      detail: `no power input or output pin${grounds.length > 0 ? " besides ground" : ""}`,
    };

  const parts: Intent["parts"] = [
    { ref: "U1", libId: symbol.libId, value: symbol.name, group: "Breakout" },
  ];
  const nets = new Map<string, { pins: string[]; kind?: "power" | "ground" }>();
  const join = (net: string, pin: string, kind?: "power" | "ground") => {
    const found = nets.get(net);
    if (found) found.pins.push(pin);
    else nets.set(net, { pins: [pin], ...(kind ? { kind } : {}) });
  };
  const leftOut: string[] = [];
  const spotNet = new Map<Spot, string>();
  const noConnect: string[] = [];
  // Either every pin of a stack, or only its lead: the drafter joins the rest.
  const place = (spot: Spot, net: string | undefined, kind?: "power" | "ground") => {
    const listed = spot.pins.length > 1 && random() < 0.5 ? [spot.lead] : spot.pins;
    for (const p of spot.pins) {
      if (!listed.includes(p)) leftOut.push(`U1.${p.number}`);
      else if (net === undefined) noConnect.push(`U1.${p.number}`);
      else join(net, `U1.${p.number}`, kind);
    }
    if (net !== undefined) spotNet.set(spot, net);
  };

  // Rails by the supply pin's name; names that make the same power symbol share one rail.
  const railOf = new Map<string, string>();
  const rails: string[] = [];
  for (const s of supplies) {
    const name = netNameOf(s.lead.name, `V${s.lead.number}`);
    const token = powerToken(name).toUpperCase();
    let rail = railOf.get(token);
    if (rail === undefined) {
      rail = name;
      railOf.set(token, rail);
      rails.push(rail);
    }
    place(s, rail, "power");
  }
  for (const g of grounds) place(g, "GND", "ground");
  let c = 0;
  const cap = (rail: string, value: string) => {
    const ref = `C${++c}`;
    parts.push({ ref, libId: "Device:C", value, group: "Breakout" });
    join(rail, `${ref}.1`, "power");
    join("GND", `${ref}.2`, "ground");
  };
  for (const s of supplies)
    cap(spotNet.get(s) as string, s.lead.type === "power_out" ? "10µF" : "100nF");
  const inputs = supplies.filter((s) => s.lead.type === "power_in");
  const main = spotNet.get(inputs[0] ?? (supplies[0] as Spot)) as string;

  const free = spots.filter((s) => !spotNet.has(s) && SIGNAL_TYPES.has(s.lead.type));
  const taken = new Set<Spot>();
  const pick = (want: (s: Spot) => boolean): Spot | undefined => {
    const options = free.filter((s) => !taken.has(s) && want(s));
    const chosen = options[Math.floor(random() * options.length)];
    if (chosen) taken.add(chosen);
    return chosen;
  };
  const used = new Set(nets.keys());
  const signalName = (s: Spot) => {
    let name = netNameOf(s.lead.name, `P${s.lead.number}`);
    if (GROUND.test(name) || /^(\+|V)/i.test(name)) name = `SIG_${name}`;
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    return name;
  };
  let r = 0;
  const resistor = (value: string) => {
    const ref = `R${++r}`;
    parts.push({ ref, libId: "Device:R", value, group: "Breakout" });
    return ref;
  };
  const pullUps = free.filter((s) => s.lead.type === "input").length >= 4 ? 2 : 1;
  for (let i = 0; i < pullUps; i++) {
    const input = pick((s) => s.lead.type === "input");
    if (!input) break;
    const net = signalName(input);
    place(input, net);
    const ref = resistor("10k");
    join(main, `${ref}.1`, "power");
    join(net, `${ref}.2`);
  }
  const output = pick((s) => OUTPUT_TYPES.has(s.lead.type));
  if (output) {
    const net = signalName(output);
    place(output, net);
    const ref = resistor("1k");
    join(net, `${ref}.1`);
    parts.push({ ref: "D1", libId: "Device:LED", value: "LED", group: "Breakout" });
    join(`${net}_LED`, `${ref}.2`);
    join(`${net}_LED`, "D1.2");
    join("GND", "D1.1", "ground");
  }
  const signals = [pick(() => true), pick(() => true)].filter((s): s is Spot => s !== undefined);
  parts.push({
    ref: "J1",
    libId: `Connector_Generic:Conn_01x0${2 + signals.length}`,
    value: "Header",
    group: "Breakout",
  });
  join(main, "J1.1", "power");
  join("GND", "J1.2", "ground");
  signals.forEach((s, i) => {
    const net = signalName(s);
    place(s, net);
    join(net, `J1.${3 + i}`);
  });
  for (const s of spots) {
    if (spotNet.has(s) || s.lead.type === "no_connect") continue;
    place(s, undefined);
  }

  const intent: Intent = {
    version: 1,
    title: `${symbol.libId} breakout`,
    parts,
    nets: [...nets].map(([name, n]) => ({
      name,
      pins: n.pins,
      ...(n.kind ? { kind: n.kind } : {}),
    })),
    ...(noConnect.length > 0 ? { noConnect } : {}),
  };
  const expected = [...nets].map(([name, n]) => {
    const pins = new Set(n.pins);
    for (const [spot, net] of spotNet)
      if (net === name) for (const p of spot.pins) pins.add(`U1.${p.number}`);
    return [...pins].sort();
  });
  return { ok: true, intent, expected: expected.sort(), leftOut };
}

/** FNV-1a: a stable 32-bit seed from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
