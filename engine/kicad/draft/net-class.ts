import type { LibPin, PinElectricalType } from "../symbol/pin.js";
import type { IntentNet } from "./intent.js";

export type NetClass = "power" | "ground" | "signal";

export interface NetClassDecision {
  class: NetClass;
  /** Why: the intent said so, a pin type, or the name. */
  basis: "kind" | "pin-type" | "name";
}

const GROUND = /^([ADP]?GND[A-Z0-9_]*|VSS[A-Z0-9_]*|0V|EARTH|CHASSIS)$/i;
const RAIL = /^(\+\d|[+-]?\d+(\.\d+)?V\d*|V(CC|DD|BUS|IN|BAT|SYS|DDA|CCA|EE)[A-Z0-9_]*)/i;

/** How a net is drawn: power and ground nets as power symbols, signals as wires and labels. */
export function classifyNet(net: IntentNet, pins: readonly LibPin[]): NetClassDecision {
  if (net.kind) return { class: net.kind, basis: "kind" };
  return classifyNetName(
    net.name,
    pins.map((p) => p.type),
  );
}

/**
 * The rule behind classifyNet, for any netlist: a ground name, then a power-output pin, a rail
 * name, a power-input pin; everything else is a signal. The layout engine uses it for net classes.
 */
export function classifyNetName(
  name: string,
  pinTypes: readonly PinElectricalType[],
): NetClassDecision {
  if (GROUND.test(name)) return { class: "ground", basis: "name" };
  if (pinTypes.includes("power_out")) return { class: "power", basis: "pin-type" };
  if (RAIL.test(name)) return { class: "power", basis: "name" };
  if (pinTypes.includes("power_in")) return { class: "power", basis: "pin-type" };
  return { class: "signal", basis: "name" };
}
