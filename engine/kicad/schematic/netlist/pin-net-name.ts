import type { PlacedPin } from "../pins-of.js";
import type { PlacedSymbol } from "../placed-symbol.js";

/** KiCad escapes these characters in net names (CTX_NETNAME). */
export function escapeNetName(text: string): string {
  return text.replaceAll("/", "{slash}").replaceAll("\n", "{return}").replaceAll("\r", "{return}");
}

/** KiCad's unit suffix: 1 → A, 26 → Z, 27 → AA … */
export function unitLetters(unit: number): string {
  let n = unit;
  let suffix = "";
  while (n > 0) {
    const digit = (n - 1) % 26;
    suffix = String.fromCharCode(65 + digit) + suffix;
    n = (n - 1 - digit) / 26;
  }
  return suffix;
}

/** A pin's displayed name or number: "~" means none. */
function shownName(pin: PlacedPin): string {
  return pin.lib.name === "~" ? "" : pin.lib.name;
}

export function shownNumber(pin: PlacedPin): string {
  return pin.lib.number === "~" ? "" : pin.lib.number;
}

/**
 * Which pin names occur under more than one number on a placed unit, kept apart for no-connect
 * pins and the others (KiCad compares them separately). Built once per unit, not per pin.
 */
export class PinNameIndex {
  private numbers = new Map<string, Set<string>>();

  constructor(pins: readonly PlacedPin[]) {
    for (const pin of pins) {
      const key = `${pin.type === "no_connect" ? 1 : 0}\u0000${shownName(pin)}`;
      let set = this.numbers.get(key);
      if (!set) {
        set = new Set();
        this.numbers.set(key, set);
      }
      set.add(shownNumber(pin));
    }
  }

  /** Another pin of the unit has `name` under a different number (and the same NC-ness). */
  repeated(name: string, number: string, noConnect: boolean): boolean {
    const set = this.numbers.get(`${noConnect ? 1 : 0}\u0000${name}`);
    if (!set) return false;
    return set.size > 1 || !set.has(number);
  }
}

/**
 * The name KiCad gives a net driven only by symbol pins: `Net-(R1-Pad2)`, `Net-(D1-A)`, with
 * the unit letter for multi-unit symbols when the pin name is used, `-Pad<n>` added when the
 * name is not unique on the unit, and `unconnected-(…)` for no-connect nets.
 */
export function pinNetName(opts: {
  symbol: PlacedSymbol;
  pin: PlacedPin;
  /** Pin names of the same placed unit (to detect repeated pin names). */
  names: PinNameIndex;
  reference: string;
  unit: number;
  forceNoConnect: boolean;
}): string {
  const { symbol, pin, names, reference, unit } = opts;
  const unconnected = opts.forceNoConnect || pin.type === "no_connect";
  let name = unconnected ? "unconnected-(" : "Net-(";
  const pinName = shownName(pin);
  const number = shownNumber(pin);
  if (reference.endsWith("?")) return `${name}${symbol.uuid ?? ""}-Pad${pin.lib.number})`;
  if (pinName !== "" && pinName !== number) {
    const letter = (symbol.lib?.unitCount ?? 1) > 1 ? unitLetters(unit) : "";
    name += `${reference}${letter}-${escapeNetName(pinName)}`;
    if (unconnected || names.repeated(pinName, number, unconnected)) {
      name += `-Pad${escapeNetName(number)}`;
    }
    return `${name})`;
  }
  return `${name}${reference}-Pad${escapeNetName(number)})`;
}
