import { pushAll } from "../../array-ops.js";
import { mpnOf } from "../../kicad/drift/mpn-field.js";
import type { SchematicChange } from "../diff-report.js";
import type { Part } from "./parts.js";

export interface PartsDiff {
  changes: SchematicChange[];
  /** Reference before → reference after, for every part on both sides (re-annotations too). */
  refMap: Map<string, string>;
  added: Set<string>;
  removed: Set<string>;
}

/** KiCad 6 wrote "~" for an empty value or footprint; KiCad 9 writes "". */
function shown(text: string): string {
  return text === "~" ? "" : text;
}

/**
 * Parts added, removed and changed, matched by reference. A part that left one reference and
 * appears under another with the same symbol (same uuid on the same sheet instance) was
 * re-annotated: one `reference-changed`, then its other changes as for any matched part.
 */
export function diffParts(
  before: ReadonlyMap<string, Part>,
  after: ReadonlyMap<string, Part>,
  sheetRenames: ReadonlyMap<string, string>,
): PartsDiff {
  const refMap = new Map<string, string>();
  for (const ref of before.keys()) if (after.has(ref)) refMap.set(ref, ref);

  const gone = [...before.keys()].filter((ref) => !after.has(ref));
  const fresh = new Map<string, string>();
  for (const [ref, part] of after) {
    if (before.has(ref)) continue;
    for (const id of part.identities) fresh.set(id, ref);
  }
  const changes: SchematicChange[] = [];
  const taken = new Set<string>();
  for (const ref of gone) {
    const part = before.get(ref)!;
    const match = part.identities.map((id) => fresh.get(id)).find((r) => r !== undefined);
    if (match === undefined || taken.has(match)) continue;
    taken.add(match);
    refMap.set(ref, match);
    changes.push({ kind: "reference-changed", ref: match, before: ref });
  }

  const mapped = new Set(refMap.values());
  const removed = new Set([...before.keys()].filter((ref) => !refMap.has(ref)));
  const added = new Set([...after.keys()].filter((ref) => !mapped.has(ref)));
  for (const [from, to] of refMap) {
    pushAll(changes, compareParts(before.get(from)!, after.get(to)!, sheetRenames));
  }
  return { changes, refMap, added, removed };
}

function compareParts(
  a: Part,
  b: Part,
  sheetRenames: ReadonlyMap<string, string>,
): SchematicChange[] {
  const ref = b.ref;
  const out: SchematicChange[] = [];
  if (shown(a.value) !== shown(b.value)) {
    out.push({ kind: "value-changed", ref, before: shown(a.value), after: shown(b.value) });
  }
  if (shown(a.footprint) !== shown(b.footprint)) {
    out.push({
      kind: "footprint-changed",
      ref,
      before: shown(a.footprint),
      after: shown(b.footprint),
    });
  }
  if (a.symbol !== b.symbol) {
    out.push({ kind: "symbol-changed", ref, before: a.symbol, after: b.symbol });
  }
  const mpnA = mpnOf(Object.fromEntries(a.fields));
  const mpnB = mpnOf(Object.fromEntries(b.fields));
  const names = [...new Set([...a.fields.keys(), ...b.fields.keys()])].sort();
  for (const field of names) {
    const before = a.fields.get(field) ?? null;
    const after = b.fields.get(field) ?? null;
    if (before === after) continue;
    const isMpn =
      (before !== null && before === mpnA) || (after !== null && after === mpnB) || false;
    out.push({ kind: isMpn ? "mpn-changed" : "field-changed", ref, field, before, after });
  }
  if (a.units.join(",") !== b.units.join(",")) {
    out.push({ kind: "units-changed", ref, before: a.units, after: b.units });
  }
  const attributes = [
    ["dnp", a.dnp, b.dnp],
    ["in_bom", a.inBom, b.inBom],
    ["on_board", a.onBoard, b.onBoard],
    ["exclude_from_sim", a.excludeFromSim, b.excludeFromSim],
  ] as const;
  for (const [attribute, before, after] of attributes) {
    if (before !== after) out.push({ kind: "attribute-changed", ref, attribute, before, after });
  }
  const sheetsBefore = a.sheets.map((s) => sheetRenames.get(s) ?? s).sort();
  if (sheetsBefore.join("\n") !== b.sheets.join("\n")) {
    out.push({ kind: "part-sheet-changed", ref, before: a.sheets, after: b.sheets });
  }
  return out;
}
