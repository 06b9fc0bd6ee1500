import { type Intent, splitEndpoint } from "../intent.js";
import { drawsNote, type SheetPlan, sheetRefs } from "./plan-sheets.js";
import type { NetClassOf } from "./repeated-groups.js";

/** The symbol a port is drafted as before it becomes a hierarchical label (port-labels.ts). */
export const PORT_LIB_ID = "Connector_Generic:Conn_01x01";
export const PORT_PREFIX = "HPORT";

export interface SubIntent {
  intent: Intent;
  /** Port ref (`HPORT1`) → the port's name (its hierarchical label and sheet pin). */
  ports: Map<string, string>;
  /** Port name → the design's net it joins in each instance, in instance order. */
  portNets: Map<string, string[]>;
  /** Rails with pins on other sheets too. */
  continued: Set<string>;
  /** Rails this sheet must not flag: driven here or elsewhere, or flagged on another sheet. */
  unflagged: Set<string>;
}

/** What copies' names share: CH1_OUT, CH2_OUT → CH_OUT; one name → itself. */
export function sharedName(names: readonly string[]): string {
  const first = names[0] ?? "N";
  if (names.every((n) => n === first)) return first;
  let head = 0;
  while (names.every((n) => n[head] === first[head]) && head < first.length) head++;
  let tail = 0;
  while (
    tail < first.length - head &&
    names.every(
      (n) => n.length - tail > head && n[n.length - 1 - tail] === first[first.length - 1 - tail],
    )
  )
    tail++;
  const joined = `${first.slice(0, head)}${first.slice(first.length - tail)}`
    .replace(/[_-]{2,}/g, "_")
    .replace(/^[_\-/ ]+|[_\-/ ]+$/g, "");
  return joined || first;
}

/**
 * The intent of one sub-sheet, drafted by the single-sheet drafter: its groups' parts, every net
 * touching them cut to their pins, and for each signal that leaves the sheet a one-pin port part
 * on that net (drafted like a connector, so the drafter leaves it room, then turned into a
 * hierarchical label). Rails stay rails: power symbols join them across sheets by name. A shared
 * sheet is drafted with its first instance's parts and its nets named for what the copies share.
 */
export function subIntent(
  intent: Intent,
  sheet: SheetPlan,
  classOf: NetClassOf,
  railFlagSheet: ReadonlyMap<string, SheetPlan | undefined>,
): SubIntent {
  const inside = sheetRefs(intent, sheet);
  const netOfPin = new Map<string, string>();
  for (const n of intent.nets) for (const p of n.pins) netOfPin.set(p, n.name);
  const byPerson = new Set(intent.nets.filter((n) => n.namedByPerson).map((n) => n.name));
  const used = new Set<string>();
  const unique = (name: string) => {
    let out = name;
    while (used.has(out)) out = `${out}_`;
    used.add(out);
    return out;
  };
  const nets: Intent["nets"] = [];
  const ports = new Map<string, string>();
  const portNets = new Map<string, string[]>();
  const continued = new Set<string>();
  const unflagged = new Set<string>();
  const partValue = new Map(intent.parts.map((p) => [p.ref, p.value]));
  // A shared sheet's one group is captioned for all its copies ("Channel 1".."8" → Channel).
  const shared =
    sheet.instances.length > 1 ? sharedName(sheet.instances.map((i) => i.name)) : undefined;
  const groupName = (g: string) => shared ?? g;
  // One drawing serves every copy: a value that numbers its copy ("Sensor 1") is drawn shared.
  const parts: Intent["parts"] = intent.parts
    .filter((p) => inside.has(p.ref))
    .map((p) => ({
      ...p,
      group: groupName(p.group),
      value: sharedName(
        sheet.instances.map((i) => partValue.get(i.refs.get(p.ref) ?? p.ref) ?? p.value),
      ),
    }));
  for (const n of intent.nets) {
    const pins = n.pins.filter((p) => inside.has(splitEndpoint(p).ref));
    if (pins.length === 0) continue;
    const kind = classOf(n.name);
    const leaves = pins.length < n.pins.length;
    if (kind !== "signal") {
      if (leaves) continued.add(n.name);
      if (railFlagSheet.has(n.name) && railFlagSheet.get(n.name) !== sheet) unflagged.add(n.name);
      nets.push({ name: unique(n.name), pins, kind });
      continue;
    }
    // The same net in every instance: follow the template's first pin through each ref map.
    const { ref, pin } = splitEndpoint(pins[0] ?? "");
    const names = sheet.instances.map(
      (i) => netOfPin.get(`${i.refs.get(ref) ?? ref}.${pin}`) ?? n.name,
    );
    const name = unique(sharedName(names));
    if (!leaves) {
      // A person's name stays a person's on its sheet (lone-labels.ts keeps its label).
      const person = names.every((x) => byPerson.has(x)) ? { namedByPerson: true } : {};
      nets.push({ name, pins, kind, ...person });
      continue;
    }
    const port = `${PORT_PREFIX}${ports.size + 1}`;
    ports.set(port, name);
    portNets.set(name, names);
    const host = intent.parts.find((p) => p.ref === ref);
    parts.push({
      ref: port,
      libId: PORT_LIB_ID,
      value: name,
      group: groupName(host?.group ?? sheet.groups[0] ?? ""),
    });
    nets.push({ name, pins: [...pins, `${port}.1`], kind });
  }
  const noConnect = (intent.noConnect ?? []).filter((p) => inside.has(splitEndpoint(p).ref));
  const notes = (intent.notes ?? [])
    .filter((_, i) => drawsNote(intent, sheet, i))
    .map((n) => ({ ...n, group: groupName(n.group ?? "") }));
  const groupOrder = intent.hints?.groupOrder
    ?.filter((g) => sheet.groups.includes(g))
    .map(groupName);
  return {
    intent: {
      version: intent.version,
      title:
        sheet.instances.length > 1
          ? sharedName(sheet.instances.map((i) => i.name))
          : (sheet.instances[0]?.name ?? "sheet"),
      parts,
      nets,
      ...(noConnect.length > 0 ? { noConnect } : {}),
      hints: {
        ...(groupOrder && groupOrder.length > 0 ? { groupOrder } : {}),
        ...(intent.hints?.date ? { date: intent.hints.date } : {}),
      },
      ...(notes.length > 0 ? { notes } : {}),
      ...(intent.titleBlock ? { titleBlock: intent.titleBlock } : {}),
    },
    ports,
    portNets,
    continued,
    unflagged,
  };
}
