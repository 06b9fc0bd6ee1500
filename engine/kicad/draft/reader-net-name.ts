import { autoNetNameInner } from "../legibility/auto-net-name.js";
import type { NetNode } from "../schematic/netlist/netlist.js";

const NAME_CHARS = /[A-Za-z0-9]/;

/**
 * The name a hardware engineer would write for a net KiCad named after one of its pins:
 * `Net-(Q1-B)` → `Q1_B`, `Net-(U1A-K)` → `U1A_K` (the unit as printed on the sheet),
 * `Net-(L2-Pad2)` → `L2_2` (a pin with no name goes by its number), `Net-(U1-PA3-Pad5)` →
 * `U1_PA3_5` (a name repeated on the unit keeps its number). A pin name of signs only (an
 * op-amp's `-`) reads badly after an underscore, so that pin goes by its number: `U1_2`.
 * A redraft's label pairs then print a name that says which pin the net is, where KiCad's
 * `Net-(…)` reads as "nobody named this" (the reviewer's auto-named-label).
 */
export function readerNetName(invented: string, nodes: readonly NetNode[]): string | undefined {
  const inner = autoNetNameInner(invented);
  if (inner === undefined) return undefined;
  // The longest reference first: `R1` must not claim `R10-Pad1`.
  const refs = [...new Set(nodes.map((n) => n.ref))].sort((a, b) => b.length - a.length);
  for (const ref of refs) {
    const tail = /^([A-Z]*)-(.+)$/.exec(inner.startsWith(ref) ? inner.slice(ref.length) : "");
    if (!tail) continue;
    const unit = tail[1] as string;
    const pin = tail[2] as string;
    const numbered = /^Pad(.+)$/.exec(pin);
    if (numbered) return `${ref}${unit}_${numbered[1]}`;
    const repeated = /^(.+)-Pad(.+)$/.exec(pin);
    const name = repeated ? (repeated[1] as string) : pin;
    const node = nodes.find((n) => n.ref === ref && n.pinName === name);
    if (!NAME_CHARS.test(name)) {
      const number = repeated ? repeated[2] : node?.pin;
      if (number) return `${ref}${unit}_${number}`;
      continue;
    }
    return repeated ? `${ref}${unit}_${name}_${repeated[2]}` : `${ref}${unit}_${name}`;
  }
  return undefined;
}

/**
 * Whether a net name only restates one of its own pins the way readerNetName writes it
 * (`Q1_B` on a net holding Q1's B pin): like KiCad's invented name, it tells a reader nothing
 * the wire does not, where the wire is the whole connection.
 */
export function restatesOwnPin(
  name: string,
  pins: readonly { ref: string; number: string; name: string }[],
): boolean {
  return pins.some((p) => {
    const tail = /^[A-Z]*_(.+)$/.exec(name.startsWith(p.ref) ? name.slice(p.ref.length) : "")?.[1];
    return tail !== undefined && [p.name, p.number, `${p.name}_${p.number}`].includes(tail);
  });
}
