import type { SheetInstance, SymbolAnnotation } from "../hierarchy.js";
import type { PlacedPin } from "../pins-of.js";
import type { PlacedSymbol } from "../placed-symbol.js";
import { escapeNetName, type PinNameIndex, pinNetName } from "./pin-net-name.js";
import type { SheetSubgraph } from "./sheet-connectivity.js";

/** KiCad's driver priorities (CONNECTION_SUBGRAPH::PRIORITY): higher names the net. */
export const PRIORITY = {
  pin: 1,
  sheetPin: 2,
  hierLabel: 3,
  localLabel: 4,
  powerPin: 5,
  global: 6,
} as const;

/** Drivers at or above this priority are "strong": they name nets and join them by name. */
export const STRONG = PRIORITY.hierLabel;

/** Something that can name a net. */
export interface Driver {
  priority: number;
  /** The name as KiCad compares it between subgraphs of one sheet (no sheet path). */
  bare: string;
  /** The net name it gives (sheet path prefixed for local scope). */
  full: string;
  /** Sheet pins: their shape (KiCad prefers output pins). */
  shape?: string;
  /** Pin drivers: the name KiCad uses when the pin ends up alone on its net. */
  alone?: () => string;
}

/** KiCad's order of preference inside one subgraph: priority, outputs, real names, then A–Z. */
export function compareDrivers(a: Driver, b: Driver): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.priority === PRIORITY.sheetPin) {
    const ao = a.shape === "output" ? 0 : 1;
    const bo = b.shape === "output" ? 0 : 1;
    if (ao !== bo) return ao - bo;
  }
  const aLow = a.bare.includes("-Pad") ? 1 : 0;
  const bLow = b.bare.includes("-Pad") ? 1 : 0;
  if (aLow !== bLow) return aLow - bLow;
  return a.bare < b.bare ? -1 : a.bare > b.bare ? 1 : 0;
}

/**
 * A power-input pin is a global connection when it belongs to a power symbol or is hidden
 * (the legacy "invisible power pin" of old 74xx-style symbols).
 */
export function isGlobalPowerPin(symbol: PlacedSymbol, pin: PlacedPin): boolean {
  return pin.type === "power_in" && (pin.hidden || (symbol.lib?.power ?? false));
}

/**
 * The global net a power pin joins: a power symbol's Value (in files older than 20230221
 * KiCad first resets that value to the hidden pin's name), a plain symbol's hidden pin name.
 */
export function powerNetName(symbol: PlacedSymbol, pin: PlacedPin, legacyPower: boolean): string {
  if (symbol.lib?.power && !(legacyPower && pin.hidden)) return escapeNetName(symbol.value);
  return escapeNetName(pin.lib.name);
}

/** Every driver of a subgraph in one sheet instance, best first. */
export function driversOf(
  instance: SheetInstance,
  graph: SheetSubgraph,
  notes: readonly SymbolAnnotation[],
  pinNamesOf: (symbolIndex: number) => PinNameIndex,
  legacyPower: boolean,
): Driver[] {
  const drivers: Driver[] = [];
  for (const label of graph.labels) {
    const name = escapeNetName(label.text);
    const priority =
      label.kind === "global"
        ? PRIORITY.global
        : label.kind === "hierarchical"
          ? PRIORITY.hierLabel
          : PRIORITY.localLabel;
    drivers.push({
      priority,
      bare: name,
      full: label.kind === "global" ? name : `${instance.path}${name}`,
    });
  }
  for (const { pin } of graph.sheetPins) {
    const name = escapeNetName(pin.name);
    drivers.push({
      priority: PRIORITY.sheetPin,
      bare: name,
      full: `${instance.path}${name}`,
      shape: pin.shape,
    });
  }
  const symbols = instance.schematic.symbols;
  for (const { symbol: index, pin } of graph.pins) {
    const symbol = symbols[index]!;
    if (isGlobalPowerPin(symbol, pin)) {
      const name = powerNetName(symbol, pin, legacyPower);
      drivers.push({ priority: PRIORITY.powerPin, bare: name, full: name });
      continue;
    }
    const note = notes[index]!;
    // Only annotated symbols drive nets in KiCad; power and flag symbols never name one.
    if (!note.annotated || note.reference.startsWith("#")) continue;
    const naming = {
      symbol,
      pin,
      names: pinNamesOf(index),
      reference: note.reference,
      unit: note.unit,
    };
    const name = pinNetName({ ...naming, forceNoConnect: graph.noConnect });
    drivers.push({
      priority: PRIORITY.pin,
      bare: name,
      full: name,
      alone: () => pinNetName({ ...naming, forceNoConnect: true }),
    });
  }
  return drivers.sort(compareDrivers);
}
