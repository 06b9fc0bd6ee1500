import type { DriftDesign } from "./drift-design.js";
import type { DriftDocument } from "./drift-document.js";
import type { DriftFinding } from "./drift-finding.js";
import { claimsNoConnection, isUnconnectedNet, netMatches, pinNameMatches } from "./net-name.js";
import { headerOf, type RoleTable, readRoleTables } from "./read-tables.js";
import { expandRefs } from "./ref-list.js";

interface PinFacts {
  /** "" when the pin connects to nothing. */
  net: string;
  name?: string;
}

/**
 * PINOUT.md against the netlist: every (part, pin) row names a pin the part has, on the net the
 * netlist has it on, with the pin's name. A table without a reference column applies to the
 * part its heading names ("## U1 — STM32F103").
 */
export function checkPinoutDrift(doc: DriftDocument, design: DriftDesign): DriftFinding[] {
  const findings: DriftFinding[] = [];
  const emit = (f: Omit<DriftFinding, "document">) => findings.push({ document: doc.path, ...f });
  const all = readRoleTables(doc.text);
  const tables = all.filter(
    (t) => t.columns.has("pin") && (t.columns.has("net") || t.columns.has("pinName")),
  );
  if (tables.length === 0) {
    emit({
      kind: "no-table",
      row: 1,
      column: "",
      refs: [],
      claim: "",
      actual: "",
      detail:
        all.length === 0
          ? `${doc.path} has no markdown table — add one with the columns Refdes | Pin | Name | Net, one row per pin`
          : `${doc.path} has no table with a Pin column and a Net or Name column (headers seen: ${all
              .flatMap((t) => t.headers)
              .map((h) => `"${h}"`)
              .join(", ")}) — name them "Pin", "Name" and "Net"`,
    });
    return findings;
  }
  const pins = pinFacts(design);
  const symbolRefs = new Set(design.symbols.map((s) => s.ref));
  const seen = new Map<string, number>();
  for (const t of tables) {
    const headingRef = t.columns.has("ref") ? undefined : refInHeading(t, symbolRefs);
    if (!t.columns.has("ref") && !headingRef) {
      emit({
        kind: "unreadable-row",
        row: t.table.headerLine,
        column: "",
        refs: [],
        claim: t.table.heading ?? "",
        actual: "",
        detail: `${doc.path} line ${t.table.headerLine}: this pin table has no Refdes column and its heading names no part of the schematic — add a Refdes column or put the part's reference (e.g. "U1") in the heading above the table`,
      });
      continue;
    }
    // A blank reference cell continues the part of the row above ("U1" once, then its pins).
    let previous = headingRef;
    for (const row of t.rows) {
      const pinCell = row.cell("pin");
      if (!pinCell) continue;
      const refCell = row.cell("ref");
      const expanded = refCell
        ? expandRefs(refCell)
        : { refs: previous ? [previous] : [], unreadable: [] };
      if (refCell && expanded.refs.length === 1) previous = expanded.refs[0];
      if (expanded.unreadable.length > 0 || expanded.refs.length === 0) {
        emit({
          kind: "unreadable-row",
          row: row.line,
          column: headerOf(t, "ref"),
          refs: expanded.refs,
          claim: refCell,
          actual: "",
          detail: refCell
            ? `${doc.path} line ${row.line}: cannot read "${refCell}" as a reference — write it like "U1"`
            : `${doc.path} line ${row.line}: no reference for this pin and none above it — fill in the Refdes cell`,
        });
        continue;
      }
      for (const ref of expanded.refs)
        for (const pin of expandPins(pinCell)) {
          const key = `${ref}\u0000${pin}`;
          const earlier = seen.get(key);
          if (earlier !== undefined) {
            emit({
              kind: "duplicate-row",
              row: row.line,
              column: headerOf(t, "pin"),
              refs: [ref],
              claim: `${ref} pin ${pin}`,
              actual: "",
              detail: `${doc.path} describes ${ref} pin ${pin} on line ${earlier} and again on line ${row.line} — keep one row`,
            });
            continue;
          }
          seen.set(key, row.line);
          comparePin(doc.path, t, row, ref, pin, symbolRefs, pins, emit);
        }
    }
  }
  return findings;
}

type Row = RoleTable["rows"][number];
type Emit = (f: Omit<DriftFinding, "document">) => void;

function comparePin(
  path: string,
  t: RoleTable,
  row: Row,
  ref: string,
  pin: string,
  symbolRefs: Set<string>,
  pins: Map<string, Map<string, PinFacts>>,
  emit: Emit,
) {
  const where = `${path} line ${row.line}`;
  if (!symbolRefs.has(ref)) {
    emit({
      kind: "unknown-ref",
      row: row.line,
      column: headerOf(t, "ref"),
      refs: [ref],
      claim: ref,
      actual: "",
      detail: `${where} describes ${ref} but the schematic has no ${ref} — fix the reference or remove the row`,
    });
    return;
  }
  const ofPart = pins.get(ref);
  const facts = ofPart?.get(pin) ?? byName(ofPart, pin);
  if (!facts) {
    if (!ofPart || ofPart.size === 0) return; // nothing known about this part's pins
    const known = [...ofPart.keys()];
    emit({
      kind: "unknown-pin",
      row: row.line,
      column: headerOf(t, "pin"),
      refs: [ref],
      claim: pin,
      actual: "",
      detail: `${where} names pin "${pin}" of ${ref}, which has no pin with that number or name (it has ${known.slice(0, 12).join(", ")}${known.length > 12 ? ", …" : ""}) — use one of its pin numbers`,
    });
    return;
  }
  const net = row.cell("net");
  if (net) {
    const agrees = claimsNoConnection(net)
      ? facts.net === ""
      : facts.net !== "" && netMatches(net, facts.net);
    if (!agrees) {
      const actual = facts.net === "" ? "not connected" : facts.net;
      const unnamed = facts.net.startsWith("Net-(");
      emit({
        kind: "pin-net-mismatch",
        row: row.line,
        column: headerOf(t, "net"),
        refs: [ref],
        claim: net,
        actual,
        detail: unnamed
          ? `${where} says ${ref} pin ${pin} is on "${net}" but that pin's net has no name in the schematic (${facts.net}) — label the net "${net}" in the schematic, or correct the document`
          : facts.net === ""
            ? `${where} says ${ref} pin ${pin} is on "${net}" but the pin is not connected in the schematic — wire it, or write "NC" in the document`
            : `${where} says ${ref} pin ${pin} is on "${net}" but the netlist has it on "${facts.net}" — change the cell to "${lastSegment(facts.net)}", or fix the schematic`,
      });
    }
  }
  const name = row.cell("pinName");
  if (name && facts.name && facts.name !== "~" && !pinNameMatches(name, facts.name)) {
    emit({
      kind: "pin-name-mismatch",
      row: row.line,
      column: headerOf(t, "pinName"),
      refs: [ref],
      claim: name,
      actual: facts.name,
      detail: `${where} calls ${ref} pin ${pin} "${name}" but the symbol names it "${facts.name}" — change the cell to "${facts.name}" (or check the pin number)`,
    });
  }
}

/** A pin given by its name ("PA9") instead of its number, when exactly one pin has that name. */
function byName(ofPart: Map<string, PinFacts> | undefined, name: string): PinFacts | undefined {
  const matches = [...(ofPart?.values() ?? [])].filter(
    (f) => f.name && pinNameMatches(name, f.name),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** ref → pin → net and name, from the symbols' pin lists and the netlist. */
function pinFacts(design: DriftDesign): Map<string, Map<string, PinFacts>> {
  const out = new Map<string, Map<string, PinFacts>>();
  const part = (ref: string) => {
    const existing = out.get(ref);
    if (existing) return existing;
    const created = new Map<string, PinFacts>();
    out.set(ref, created);
    return created;
  };
  for (const symbol of design.symbols)
    for (const pin of symbol.pins ?? [])
      part(symbol.ref).set(pin.number, pin.name ? { net: "", name: pin.name } : { net: "" });
  for (const net of design.nets) {
    const unconnected = isUnconnectedNet(net.name, net.members.length);
    for (const member of net.members) {
      const previous = part(member.ref).get(member.pin);
      const name = member.pinName ?? previous?.name;
      const facts: PinFacts = { net: unconnected ? "" : net.name };
      if (name) facts.name = name;
      part(member.ref).set(member.pin, facts);
    }
  }
  return out;
}

function refInHeading(t: RoleTable, refs: Set<string>): string | undefined {
  return (t.table.heading ?? "").split(/[^A-Za-z0-9_#]+/).find((word) => refs.has(word));
}

/** "1, 8", "5-8", "A1 A2" → single pins; numeric ranges expand, names stay as written. */
function expandPins(cell: string): string[] {
  const out: string[] = [];
  for (const token of cell.split(/[\s,;/]+/).filter(Boolean)) {
    const range = /^(\d+)\s*(?:-|–|\.\.)\s*(\d+)$/.exec(token);
    if (
      range &&
      Number(range[2]) >= Number(range[1]) &&
      Number(range[2]) - Number(range[1]) <= 256
    ) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n));
    } else out.push(token);
  }
  return out;
}

function lastSegment(net: string): string {
  return net.startsWith("/") ? (net.split("/").pop() ?? net) : net;
}
