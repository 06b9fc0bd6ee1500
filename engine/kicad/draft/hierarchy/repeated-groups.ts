import { type Intent, splitEndpoint } from "../intent.js";

/** How each net is drawn, from the whole design's classes: rails cross sheets by name. */
export type NetClassOf = (net: string) => "power" | "ground" | "signal";

/** Template ref → the repeated group's ref, or why the two groups are not copies. */
export type GroupMatch = { ok: true; refs: Map<string, string> } | { ok: false; why: string };

const partKey = (p: Intent["parts"][number], value = p.value) =>
  `${p.libId}|${value}|${p.footprint ?? ""}`;

/** The number that ends a group's name ("Channel 2" → "2"), if any. */
const ordinal = (group: string) => /(\d+)\s*$/.exec(group)?.[1];

/**
 * A template value as the copy would spell it: where the template's name ends in a number, its
 * values may carry it ("Sensor 1", "CH1") and the copy's carry the copy's ("Sensor 2", "CH2");
 * any other difference (10k against 22k) is a different part.
 */
function renumber(value: string, from: string | undefined, to: string | undefined): string {
  if (from === undefined || to === undefined) return value;
  // Not a number's digits, nor a quantity's (1nF, 1.5k): the group's number stands alone.
  return value.replace(new RegExp(`(?<![\\d.])${from}(?![\\d.A-Za-zµ])`, "g"), to);
}

/**
 * Whether `group` repeats `template` up to names: the same parts (symbol, footprint and value,
 * a value numbered like its group renumbered; in the intent's order within each kind), and under that pairing every net touching the template
 * touches the copy at the same pins — a net inside one is inside the other, a rail is the same
 * rail, and a signal leaving one leaves the other (to wherever it goes). Then one sub-sheet,
 * instanced once per group, draws both.
 */
export function matchGroup(
  intent: Intent,
  classOf: NetClassOf,
  template: string,
  group: string,
): GroupMatch {
  const of = (g: string) => intent.parts.filter((p) => p.group === g);
  const a = of(template);
  const b = of(group);
  if (a.length === 0 || a.length !== b.length)
    return { ok: false, why: `"${group}" has ${b.length} part(s), "${template}" ${a.length}` };
  const buckets = new Map<string, string[]>();
  for (const p of b) buckets.set(partKey(p), [...(buckets.get(partKey(p)) ?? []), p.ref]);
  const refs = new Map<string, string>();
  const [from, to] = [ordinal(template), ordinal(group)];
  for (const p of a) {
    const next = (
      buckets.get(partKey(p))?.length
        ? buckets.get(partKey(p))
        : buckets.get(partKey(p, renumber(p.value, from, to)))
    )?.shift();
    if (next === undefined)
      return { ok: false, why: `"${group}" has no part like ${p.ref} (${p.libId} ${p.value})` };
    refs.set(p.ref, next);
  }
  const inA = new Set(a.map((p) => p.ref));
  const inB = new Set(b.map((p) => p.ref));
  const touching = (inside: ReadonlySet<string>, map?: Map<string, string>) =>
    intent.nets.flatMap((n) => {
      const pins = n.pins.map(splitEndpoint).filter((e) => inside.has(e.ref));
      if (pins.length === 0) return [];
      const local = pins.length === n.pins.length;
      const rail = classOf(n.name) === "signal" ? "" : n.name;
      const spelled = pins.map((e) => `${map ? map.get(e.ref) : e.ref}.${e.pin}`).sort();
      return [`${spelled.join(" ")}|${local ? "local" : "leaves"}|${rail}`];
    });
  const want = touching(inA, refs).sort();
  const got = touching(inB).sort();
  const differs = want.findIndex((w, i) => got[i] !== w);
  if (want.length !== got.length || differs >= 0)
    return {
      ok: false,
      why: `a net of "${template}" (${(want[differs] ?? want.at(-1) ?? "").split("|")[0]}, as the copy's pins) has no counterpart in "${group}"`,
    };
  const mappedNc = (intent.noConnect ?? [])
    .map(splitEndpoint)
    .filter((e) => inA.has(e.ref))
    .map((e) => `${refs.get(e.ref)}.${e.pin}`)
    .sort();
  const ownNc = (intent.noConnect ?? [])
    .map(splitEndpoint)
    .filter((e) => inB.has(e.ref))
    .map((e) => `${e.ref}.${e.pin}`)
    .sort();
  if (mappedNc.join(" ") !== ownNc.join(" "))
    return { ok: false, why: `"${group}" leaves other pins unconnected than "${template}"` };
  return { ok: true, refs };
}
