import { type Intent, splitEndpoint } from "../intent.js";
import { classifyNet } from "../net-class.js";
import { lookupPin } from "../pin-lookup.js";
import {
  pinKey,
  type ResolvedEndpoint,
  type ResolvedNet,
  type ResolvedPart,
} from "../resolved-intent.js";
import type { FindingList } from "./finding-list.js";

/** The intent's nets and no-connects bound to real pins, with where each pin was listed. */
export interface BoundPins {
  nets: ResolvedNet[];
  noConnect: ResolvedEndpoint[];
  /** `REF.PIN` → the net it is on. */
  netOfPin: Map<string, string>;
  /** `REF.PIN` → the JSON path it was listed at (in a net or under noConnect). */
  pathOf: Map<string, string>;
  /** Net name → its index in `intent.nets`. */
  netIndex: Map<string, number>;
}

/**
 * Binds every endpoint to a library pin (by number, or by an unambiguous name) and checks the
 * nets: unique names, two or more pins, each pin on one net at most; no-connects on no net.
 */
export function resolveNets(
  intent: Intent,
  parts: ReadonlyMap<string, ResolvedPart>,
  findings: FindingList,
): BoundPins {
  const known = new Set(intent.parts.map((p) => p.ref));
  const bind = (text: string, path: string): ResolvedEndpoint | undefined => {
    const { ref, pin } = splitEndpoint(text);
    if (!known.has(ref)) {
      findings.add(
        "unknown-part",
        path,
        `"${text}" names part ${ref}, which is not in parts; add the part or fix the reference`,
      );
      return undefined;
    }
    const part = parts.get(ref);
    if (!part) return undefined; // its symbol finding already says what to do
    const found = lookupPin(ref, part.symbol.symbol, pin);
    if (!found.ok) {
      findings.add(found.kind, path, found.detail);
      return undefined;
    }
    return { ref, pin: found.pin };
  };

  const out: BoundPins = {
    nets: [],
    noConnect: [],
    netOfPin: new Map(),
    pathOf: new Map(),
    netIndex: new Map(),
  };
  intent.nets.forEach((net, i) => {
    const path = `nets[${i}]`;
    const earlier = out.netIndex.get(net.name);
    if (earlier !== undefined) {
      findings.add(
        "duplicate-net",
        `${path}.name`,
        `duplicate net name ${net.name} (also nets[${earlier}]); merge the two nets or rename one`,
      );
      return;
    }
    out.netIndex.set(net.name, i);
    if (new Set(net.pins).size < 2) {
      findings.add(
        "single-endpoint-net",
        `${path}.pins`,
        `net ${net.name} has ${new Set(net.pins).size} endpoint(s); a net needs at least two — add the other pins or list a lone pin under "noConnect"`,
      );
    }
    const endpoints: ResolvedEndpoint[] = [];
    net.pins.forEach((text, j) => {
      const endpoint = bind(text, `${path}.pins[${j}]`);
      if (!endpoint) return;
      const key = pinKey(endpoint.ref, endpoint.pin.number);
      const other = out.netOfPin.get(key);
      if (other !== undefined) {
        findings.add(
          "pin-in-two-nets",
          `${path}.pins[${j}]`,
          other === net.name
            ? `pin ${key} is listed twice in net ${net.name}; list it once`
            : `pin ${key} is in nets ${other} and ${net.name}; a pin joins one net — merge the nets or move the pin`,
        );
        return;
      }
      out.netOfPin.set(key, net.name);
      out.pathOf.set(key, `${path}.pins[${j}]`);
      endpoints.push(endpoint);
    });
    out.nets.push({
      net,
      endpoints,
      class: classifyNet(
        net,
        endpoints.map((e) => e.pin),
      ),
    });
  });

  (intent.noConnect ?? []).forEach((text, i) => {
    const endpoint = bind(text, `noConnect[${i}]`);
    if (!endpoint) return;
    const key = pinKey(endpoint.ref, endpoint.pin.number);
    const net = out.netOfPin.get(key);
    if (net !== undefined) {
      findings.add(
        "no-connect-in-net",
        `noConnect[${i}]`,
        `pin ${text} is declared no-connect but is in net ${net}; drop it from one of the two`,
      );
      return;
    }
    if (!out.pathOf.has(key)) out.pathOf.set(key, `noConnect[${i}]`);
    out.noConnect.push(endpoint);
  });
  return out;
}
