import type { LibPin } from "../../symbol/pin.js";
import type { Intent } from "../intent.js";
import { classifyNet } from "../net-class.js";
import { partPins } from "../pin-lookup.js";
import { pinStacks, pinWithName } from "../pin-stacks.js";
import { type JoinedPin, pinKey, type ResolvedNet, type ResolvedPart } from "../resolved-intent.js";
import type { FindingList } from "./finding-list.js";
import type { BoundPins } from "./resolve-nets.js";

/** What the pin rules add to a bound intent: pins joined to nets, pins with nothing drawn. */
export interface PinRuleResult {
  joined: JoinedPin[];
  undrawn: Set<string>;
}

const isHiddenPower = (pin: LibPin) => pin.hidden && pin.type === "power_in";

/**
 * The connections KiCad makes whatever the intent says, checked part by part:
 * - a pin of type no_connect is never connected: in a net it is a `no-connect-pin` finding, left
 *   out it needs nothing drawn;
 * - a hidden power input joins the net named like the pin: in another net (or a signal net, or
 *   noConnect) it is a `hidden-power-pin` finding, left out it joins that net (made if need be);
 * - stacked pins (one point of a unit) are one connection: on different nets (or on a net and
 *   under noConnect) they are a `stacked-pins-split` finding, and a stacked pin left out joins
 *   its stack's net;
 * - a power input left in no net is an `unconnected-power-pin` finding, since a forgotten rail
 *   is far likelier than a supply left open on purpose.
 */
export function applyPinRules(
  intent: Intent,
  parts: ReadonlyMap<string, ResolvedPart>,
  bound: BoundPins,
  findings: FindingList,
): PinRuleResult {
  const result: PinRuleResult = { joined: [], undrawn: new Set() };
  const declaredOpen = new Set(bound.noConnect.map((e) => pinKey(e.ref, e.pin.number)));
  const netByName = new Map(bound.nets.map((n) => [n.net.name, n]));
  const join = (ref: string, pin: LibPin, net: ResolvedNet, why: JoinedPin["why"]) => {
    const key = pinKey(ref, pin.number);
    net.endpoints.push({ ref, pin });
    bound.netOfPin.set(key, net.net.name);
    result.joined.push({ pin: key, net: net.net.name, why });
  };
  const touched = new Set<ResolvedNet>();

  for (const [i, p] of intent.parts.entries()) {
    const part = parts.get(p.ref);
    if (!part || part.part !== p) continue; // duplicates and unknown symbols: reported already
    const pins = partPins(part.symbol.symbol);
    const keyOf = (pin: LibPin) => pinKey(p.ref, pin.number);

    for (const pin of pins.filter((x) => x.type === "no_connect")) {
      const net = bound.netOfPin.get(keyOf(pin));
      if (net !== undefined) {
        findings.add(
          "no-connect-pin",
          bound.pathOf.get(keyOf(pin)) ?? `parts[${i}]`,
          `pin ${p.ref}.${pinWithName(pin)} is of type no_connect, which KiCad never connects, so net ${net} cannot reach it; remove it from the net (leave it out, or list it under noConnect)`,
        );
      } else if (!declaredOpen.has(keyOf(pin))) result.undrawn.add(keyOf(pin));
    }

    for (const pin of pins.filter(isHiddenPower)) {
      const key = keyOf(pin);
      result.undrawn.add(key);
      const name = pin.name;
      const net = bound.netOfPin.get(key);
      const named = netByName.get(name);
      const problem = declaredOpen.has(key)
        ? "is listed under noConnect"
        : net !== undefined && net !== name
          ? `is in net ${net}`
          : named !== undefined && named.class.class === "signal"
            ? `would join signal net ${name}, which is drawn with labels, not power symbols`
            : undefined;
      if (problem) {
        findings.add(
          "hidden-power-pin",
          bound.pathOf.get(key) ?? `parts[${i}]`,
          `pin ${p.ref}.${pinWithName(pin)} is a hidden power input, which KiCad joins to the power net "${name}" by its name, but it ${problem}; put it in a power net named ${name} (or leave it out and it joins that net)`,
        );
        continue;
      }
      if (net !== undefined) continue;
      let target = named;
      if (!target) {
        const made = { name, pins: [] as string[] };
        target = { net: made, endpoints: [], class: classifyNet(made, [pin]) };
        bound.nets.push(target);
        netByName.set(name, target);
      }
      join(p.ref, pin, target, "hidden-power");
      touched.add(target);
    }

    for (const stack of pinStacks(part.symbol.symbol)) {
      const members = stack.pins.filter((x) => x.type !== "no_connect" && !isHiddenPower(x));
      if (members.length < 2) continue;
      const on = members.map((x) => bound.netOfPin.get(keyOf(x)));
      const nets = [...new Set(on.filter((n): n is string => n !== undefined))];
      const open = members.filter((x) => declaredOpen.has(keyOf(x)));
      if (nets.length > 1 || (nets.length === 1 && open.length > 0)) {
        const where = members
          .map((x, k) => {
            const at = on[k] ?? (declaredOpen.has(keyOf(x)) ? "noConnect" : undefined);
            return at === undefined ? undefined : `${pinWithName(x)} on ${at}`;
          })
          .filter((w) => w !== undefined);
        const second = members.find((x, k) => k > 0 && (on[k] !== undefined || open.includes(x)));
        findings.add(
          "stacked-pins-split",
          bound.pathOf.get(keyOf(second ?? (members[0] as LibPin))) ?? `parts[${i}]`,
          `${p.ref} pins ${members.map(pinWithName).join(", ")} are stacked (one point of the symbol), so KiCad joins them, but the intent has ${where.join(", ")}; put the whole stack on one net (or list every pin of it under noConnect)`,
        );
        continue;
      }
      if (nets.length === 0) {
        // Left open through one of its pins: the whole stack is that one open point.
        if (open.length > 0) for (const x of members) declaredOpen.add(keyOf(x));
        continue;
      }
      const net = netByName.get(nets[0] as string);
      if (!net) continue;
      for (const [k, x] of members.entries())
        if (on[k] === undefined) join(p.ref, x, net, "stacked");
      touched.add(net);
    }

    for (const pin of pins) {
      const key = keyOf(pin);
      if (pin.type !== "power_in" || pin.hidden) continue;
      if (bound.netOfPin.has(key) || declaredOpen.has(key)) continue;
      findings.add(
        "unconnected-power-pin",
        `parts[${i}]`,
        `power input ${p.ref}.${pinWithName(pin)} is in no net; add it to its supply or ground net, or list "${key}" under "noConnect" if it is really left open`,
      );
    }
  }
  // A joined pin can decide a net's class (a stacked power output on a signal-named net).
  for (const net of touched)
    net.class = classifyNet(
      net.net,
      net.endpoints.map((e) => e.pin),
    );
  return result;
}
