import { maxOf } from "../../../array-ops.js";
import type { ResolvedIntent } from "../resolved-intent.js";

/**
 * Pin types that drive a net. Passive, bidirectional and tri-state pins say nothing about which
 * way a signal goes; an input only loads it.
 */
const DRIVES = new Set(["output", "power_out", "open_collector", "open_emitter"]);

/** Which way a signal crosses a sheet's edge: `in` arrives, `out` leaves. */
export type Flow = "in" | "out";

/**
 * The way a design net crosses the edge of sheet instance `here` (`sheetOf`: design ref → the
 * instance drawing it). By the pins' types first: out of the one sheet holding the net's
 * drivers, into every other. A net no pin drives is made on a sheet that does more than load it
 * (a connector's pin feeding an op-amp input, a filter's resistor feeding a bidirectional MCU
 * pin): a sheet with only inputs on it receives, and of the others the one holding most of the
 * net's pins sends, the rest receive. Undefined when that does not say (drivers on two sheets,
 * a tie).
 */
export function portFlow(
  resolved: ResolvedIntent,
  net: string,
  here: string,
  sheetOf: ReadonlyMap<string, string>,
): Flow | undefined {
  const endpoints = resolved.nets.find((n) => n.net.name === net)?.endpoints ?? [];
  const driving = new Set(
    endpoints.filter((e) => DRIVES.has(e.pin.type)).map((e) => sheetOf.get(e.ref)),
  );
  if (driving.size > 1) return undefined;
  if (driving.size === 1) return driving.has(here) ? "out" : "in";
  const pins = new Map<string | undefined, { all: number; inputs: number }>();
  for (const e of endpoints) {
    const on = pins.get(sheetOf.get(e.ref)) ?? { all: 0, inputs: 0 };
    on.all += 1;
    if (e.pin.type === "input") on.inputs += 1;
    pins.set(sheetOf.get(e.ref), on);
  }
  if (pins.get(here)?.all === pins.get(here)?.inputs) return "in";
  const makers = [...pins].filter(([, n]) => n.inputs < n.all);
  const most = maxOf(makers.map(([, n]) => n.all));
  const maker = makers.filter(([, n]) => n.all === most);
  if (maker.length !== 1) return undefined;
  return maker[0]?.[0] === here ? "out" : "in";
}
