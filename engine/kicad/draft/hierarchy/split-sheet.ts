import { type Intent, splitEndpoint } from "../intent.js";
import { drawsNote, type SheetPlan, sheetRefs } from "./plan-sheets.js";
import type { NetClassOf } from "./repeated-groups.js";

/** Neither half of a cut may weigh less than this share of the sheet, when a cut allows it. */
const MIN_SHARE = 0.3;

interface Cluster {
  refs: string[];
  weight: number;
  /** Signal nets it has pins on, by index into the sheet's nets. */
  nets: number[];
  groups: Set<string>;
}

/**
 * The clusters a cut never separates: each part alone, except a two-pin part wired only to
 * rails (a decoupling capacitor), which goes with the nearest part in the intent's order with
 * three or more wired pins on the same supply — the IC it decouples, listed beside it.
 */
function clustersOf(intent: Intent, refs: readonly string[], classOf: NetClassOf) {
  const pinsOf = new Map<string, { net: string; kind: string }[]>(refs.map((r) => [r, []]));
  for (const n of intent.nets)
    for (const p of n.pins)
      pinsOf.get(splitEndpoint(p).ref)?.push({ net: n.name, kind: classOf(n.name) });
  const owner = new Map(refs.map((r) => [r, r]));
  refs.forEach((ref, i) => {
    const pins = pinsOf.get(ref) ?? [];
    if (pins.length !== 2 || pins.some((p) => p.kind === "signal")) return;
    const supplies = new Set(pins.filter((p) => p.kind === "power").map((p) => p.net));
    const hosts = refs
      .map((r, j) => ({ r, d: Math.abs(i - j) + (j > i ? 0.5 : 0) }))
      .filter(
        ({ r }) =>
          r !== ref &&
          (pinsOf.get(r)?.length ?? 0) >= 3 &&
          pinsOf.get(r)?.some((p) => supplies.has(p.net)),
      )
      .sort((a, b) => a.d - b.d);
    if (hosts[0]) owner.set(ref, hosts[0].r);
  });
  const nets = intent.nets.filter(
    (n) => classOf(n.name) === "signal" && n.pins.some((p) => pinsOf.has(splitEndpoint(p).ref)),
  );
  const groupOf = new Map(intent.parts.map((p) => [p.ref, p.group]));
  const byOwner = new Map<string, Cluster>();
  for (const ref of refs) {
    const key = owner.get(ref) ?? ref;
    const cluster = byOwner.get(key) ?? { refs: [], weight: 0, nets: [], groups: new Set() };
    byOwner.set(key, cluster);
    cluster.refs.push(ref);
    // What a part costs on paper grows with its wired pins; a resistor still takes room.
    cluster.weight += Math.max(2, pinsOf.get(ref)?.length ?? 0);
    cluster.groups.add(groupOf.get(ref) ?? "");
  }
  const clusterOf = new Map<string, number>();
  const clusters = [...byOwner.values()];
  clusters.forEach((c, i) => {
    for (const r of c.refs) clusterOf.set(r, i);
  });
  // Per net: the clusters it touches, and whether it also leaves the sheet.
  const touching = nets.map((n, index) => {
    const on = new Set<number>();
    let leaves = false;
    for (const p of n.pins) {
      const c = clusterOf.get(splitEndpoint(p).ref);
      if (c === undefined) leaves = true;
      else on.add(c);
    }
    for (const c of on) clusters[c]?.nets.push(index);
    return { size: on.size, leaves };
  });
  return { clusters, touching };
}

/**
 * Cuts a sheet's parts in two along its connectivity: the cut that adds the fewest
 * hierarchical ports (a signal net split between the halves needs a port on each, one already
 * leaving the sheet one more) and splits the fewest groups, with each half at least
 * {@link MIN_SHARE} of the sheet by wired pins where any cut allows that. Halves are grown
 * greedily from every part in turn, always taking in the part that adds the fewest ports, so a
 * half keeps the small nets it shares; a decoupling capacitor stays with its IC. Returns the
 * halves in the intent's order, or undefined for a sheet of one part.
 */
export function bisectParts(
  intent: Intent,
  refs: readonly string[],
  classOf: NetClassOf,
): [string[], string[]] | undefined {
  const { clusters, touching } = clustersOf(intent, refs, classOf);
  if (clusters.length < 2) return undefined;
  const total = clusters.reduce((s, c) => s + c.weight, 0);
  const groupCount = new Map<string, number>();
  for (const c of clusters)
    for (const g of c.groups) groupCount.set(g, (groupCount.get(g) ?? 0) + 1);
  let best: { cost: number; off: number; side: Set<number> } | undefined;
  for (let seed = 0; seed < clusters.length; seed++) {
    const side = new Set<number>();
    const inSide = touching.map(() => 0);
    const groupsIn = new Map<string, number>();
    let cost = 0;
    let weight = 0;
    const netCost = (n: number, count: number) => {
      const t = touching[n];
      if (!t || count === 0 || count === t.size) return 0;
      return t.leaves ? 1 : 2;
    };
    const groupCost = (g: string, count: number) =>
      count > 0 && count < (groupCount.get(g) ?? 0) ? 1 : 0;
    const delta = (c: number) => {
      const cluster = clusters[c];
      if (!cluster) return 0;
      let d = 0;
      for (const n of cluster.nets)
        d += netCost(n, (inSide[n] ?? 0) + 1) - netCost(n, inSide[n] ?? 0);
      for (const g of cluster.groups)
        d += groupCost(g, (groupsIn.get(g) ?? 0) + 1) - groupCost(g, groupsIn.get(g) ?? 0);
      return d;
    };
    const add = (c: number) => {
      const cluster = clusters[c];
      if (!cluster) return;
      cost += delta(c);
      side.add(c);
      weight += cluster.weight;
      for (const n of cluster.nets) inSide[n] = (inSide[n] ?? 0) + 1;
      for (const g of cluster.groups) groupsIn.set(g, (groupsIn.get(g) ?? 0) + 1);
    };
    // The side as it stands, against the best so far: fewest ports and split groups, an
    // unbalanced cut only when no balanced one exists, then the one nearest half.
    const consider = () => {
      const share = weight / total;
      const off = Math.abs(0.5 - share);
      const balanced = share >= MIN_SHARE && share <= 1 - MIN_SHARE;
      const score = cost + (balanced ? 0 : 1000);
      if (!best || score < best.cost || (score === best.cost && off < best.off))
        best = { cost: score, off, side: new Set(side) };
    };
    add(seed);
    while (side.size < clusters.length - 1) {
      consider();
      let next = -1;
      let nextDelta = Number.POSITIVE_INFINITY;
      for (let c = 0; c < clusters.length; c++) {
        if (side.has(c)) continue;
        const d = delta(c);
        if (d < nextDelta) {
          next = c;
          nextDelta = d;
        }
      }
      add(next);
    }
    consider();
  }
  const taken = new Set([...(best?.side ?? [])].flatMap((c) => clusters[c]?.refs ?? []));
  const a = refs.filter((r) => taken.has(r));
  const b = refs.filter((r) => !taken.has(r));
  return a[0] === refs[0] ? [a, b] : [b, a];
}

/** How many of `refs` a note's text names (U3, or a unit of it: U3A); refs are letters, digits and _. */
function mentions(text: string, refs: readonly string[]): number {
  return refs.filter((r) => new RegExp(`(?<![A-Za-z0-9])${r}[A-Z]?(?![A-Za-z0-9])`).test(text))
    .length;
}

/**
 * A sheet cut in two (bisectParts): each half keeps the groups it has parts of, and each of the
 * sheet's notes goes to the half whose parts it names most (the first on a tie). A shared sheet's
 * halves are shared alike: each placed once per copy, with that copy's parts. Undefined when the
 * sheet cannot be cut (one part).
 */
export function splitSheet(
  intent: Intent,
  sheet: SheetPlan,
  classOf: NetClassOf,
): [SheetPlan, SheetPlan] | undefined {
  const refs = intent.parts.map((p) => p.ref).filter((r) => sheetRefs(intent, sheet).has(r));
  const halves = bisectParts(intent, refs, classOf);
  if (!halves) return undefined;
  const noteIndexes = (intent.notes ?? []).flatMap((_, i) =>
    drawsNote(intent, sheet, i) ? [i] : [],
  );
  const groupOf = new Map(intent.parts.map((p) => [p.ref, p.group]));
  const home = new Map(
    noteIndexes.map((i) => {
      const text = intent.notes?.[i]?.text ?? "";
      const group = intent.notes?.[i]?.group;
      const [a, b] = halves.map((h) => (h.some((r) => groupOf.get(r) === group) ? h : []));
      const named = [mentions(text, a ?? []), mentions(text, b ?? [])];
      const onFirst = (a?.length ?? 0) > 0 && ((named[0] ?? 0) >= (named[1] ?? 0) || !b?.length);
      return [i, onFirst ? 0 : 1];
    }),
  );
  const names = sheet.piece?.names ?? sheet.instances.map((i) => i.name);
  return halves.map((parts, h) => ({
    file: sheet.file,
    groups: sheet.groups.filter((g) => parts.some((r) => groupOf.get(r) === g)),
    instances: sheet.instances.map((instance) => ({
      name: instance.name,
      refs: new Map(parts.map((r) => [r, instance.refs.get(r) ?? r])),
    })),
    piece: {
      of: sheet.piece?.of ?? names[0] ?? "sheet",
      names,
      parts,
      notes: noteIndexes.filter((i) => home.get(i) === h),
    },
  })) as [SheetPlan, SheetPlan];
}
