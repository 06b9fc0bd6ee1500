import type { LayoutNet } from "../layout-input.js";
import { isCapacitorRef, isIcPart } from "./roles.js";

/** A capacitor between a power net and ground, and the IC power pin it should sit next to. */
export interface DecouplingAssignment {
  readonly cap: string;
  /** The cap's pin on the power net. */
  readonly capPin: string;
  readonly ic: string;
  readonly icPin: string;
  readonly net: string;
}

function natural(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

/**
 * Decoupling caps and their pins: a capacitor with one pin on a ground net and the other on a
 * power net decouples that net's IC pins (power-input or power-output pins of U/IC parts; any
 * pin of theirs on the net when none is typed). Caps are dealt to the pins in turn, both in
 * reference order, so each pin gets its share before any gets a second.
 */
export function findDecoupling(nets: readonly LayoutNet[]): DecouplingAssignment[] {
  const pinsOf = new Map<string, number>();
  for (const net of nets) for (const p of net.pins) pinsOf.set(p.ref, (pinsOf.get(p.ref) ?? 0) + 1);
  const netByPin = new Map<string, Map<string, LayoutNet>>();
  for (const net of nets) {
    for (const p of net.pins) {
      const byPin = netByPin.get(p.ref) ?? new Map<string, LayoutNet>();
      byPin.set(p.pin, net);
      netByPin.set(p.ref, byPin);
    }
  }
  const out: DecouplingAssignment[] = [];
  for (const net of nets) {
    if (net.kind !== "power") continue;
    const caps: { ref: string; pin: string }[] = [];
    for (const p of net.pins) {
      if (!isCapacitorRef(p.ref)) continue;
      const pins = netByPin.get(p.ref) ?? new Map<string, LayoutNet>();
      if (pins.size !== 2) continue;
      const other = [...pins].find(([pin]) => pin !== p.pin)?.[1];
      if (other?.kind === "ground") caps.push({ ref: p.ref, pin: p.pin });
    }
    if (caps.length === 0) continue;
    const icPins = net.pins.filter((p) => isIcPart(p.ref, pinsOf.get(p.ref) ?? 0));
    const typed = icPins.filter((p) => p.pinType === "power_in" || p.pinType === "power_out");
    const served = (typed.length > 0 ? typed : icPins).sort(
      (a, b) => natural(a.ref, b.ref) || natural(a.pin, b.pin),
    );
    if (served.length === 0) continue;
    caps.sort((a, b) => natural(a.ref, b.ref));
    caps.forEach((cap, i) => {
      const pin = served[i % served.length] as (typeof served)[number];
      out.push({ cap: cap.ref, capPin: cap.pin, ic: pin.ref, icPin: pin.pin, net: net.name });
    });
  }
  return out;
}
