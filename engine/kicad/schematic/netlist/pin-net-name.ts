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
 * The name KiCad gives a net driven only by symbol pins: `Net-(R1-Pad2)`, `Net-(D1-A)`, with
 * the unit letter for multi-unit symbols when the pin name is used, `-Pad<n>` added when the
 * name is not unique on the unit, and `unconnected-(…)` for no-connect nets.
 */
export function pinNetName(opts: {
  symbol: PlacedSymbol;
  pin: PlacedPin;
  /** All pins of the same placed unit (to detect repeated pin names). */
  unitPins: readonly PlacedPin[];
  reference: string;
  unit: number;
  forceNoConnect: boolean;
}): string {
  const { symbol, pin, unitPins, reference, unit } = opts;
  const unconnected = opts.forceNoConnect || pin.type === "no_connect";
  let name = unconnected ? "unconnected-(" : "Net-(";
  const pinName = shownName(pin);
  const number = shownNumber(pin);
  if (reference.endsWith("?")) return `${name}${symbol.uuid ?? ""}-Pad${pin.lib.number})`;
  if (pinName !== "" && pinName !== number) {
    const repeated = unitPins.some(
      (other) =>
        shownName(other) === pinName &&
        shownNumber(other) !== number &&
        unconnected === (other.type === "no_connect"),
    );
    const letter = (symbol.lib?.unitCount ?? 1) > 1 ? unitLetters(unit) : "";
    name += `${reference}${letter}-${escapeNetName(pinName)}`;
    if (unconnected || repeated) name += `-Pad${escapeNetName(number)}`;
    return `${name})`;
  }
  return `${name}${reference}-Pad${escapeNetName(number)})`;
}
