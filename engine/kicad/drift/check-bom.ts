import { recognisedHeaders } from "./column-roles.js";
import type { DriftDesign, DriftSymbol } from "./drift-design.js";
import type { DriftDocument } from "./drift-document.js";
import type { DriftFinding } from "./drift-finding.js";
import { foldValue, valuesEquivalent } from "./fold-value.js";
import { footprintMatches } from "./footprint-match.js";
import { mpnMatches, mpnOf } from "./mpn-field.js";
import { headerOf, type RoleTable, readRoleTables } from "./read-tables.js";
import { expandRefs } from "./ref-list.js";
import { compareRefs } from "./sort-refs.js";

const NOT_FITTED = /^(dnp|dnf|nf|n\/f|not fitted|not populated|do not (fit|populate))$/i;
/** Cells that mean "not stated" rather than a claim. */
const PLACEHOLDER = /^(-|–|—|n\/a|na|tbd|tbc|unverified|\?+)$/i;

function claimIn(row: Row, role: "value" | "footprint" | "mpn" | "qty"): string {
  const text = row.cell(role);
  return PLACEHOLDER.test(text) ? "" : text;
}

/**
 * BOM.md against the schematic: every BOM part listed once, nothing listed that the schematic
 * lacks, and value, footprint, MPN (when the schematic carries one) and quantity agreeing.
 */
export function checkBomDrift(doc: DriftDocument, design: DriftDesign): DriftFinding[] {
  const findings: DriftFinding[] = [];
  const finding = (f: Omit<DriftFinding, "document">) =>
    findings.push({ document: doc.path, ...f });
  const all = readRoleTables(doc.text);
  const tables = all.filter((t) => t.columns.has("ref"));
  const symbols = new Map(
    design.symbols.filter((s) => !s.ref.startsWith("#")).map((s) => [s.ref, s]),
  );
  const needed = [...symbols.values()].filter((s) => s.inBom !== false);
  if (tables.length === 0) {
    finding({
      kind: "no-table",
      row: 1,
      column: "",
      refs: [],
      claim: "",
      actual: `${needed.length} BOM part(s) in the schematic`,
      detail: noTableDetail(doc.path, all),
    });
    return findings;
  }
  const listed = new Map<string, number>();
  for (const t of tables) {
    for (const row of t.rows) {
      const refCell = row.cell("ref");
      if (!refCell) continue;
      const { refs, unreadable } = expandRefs(refCell);
      if (unreadable.length > 0) {
        finding({
          kind: "unreadable-row",
          row: row.line,
          column: headerOf(t, "ref"),
          refs,
          claim: refCell,
          actual: "",
          detail: `${doc.path} line ${row.line}: cannot read ${unreadable.map((u) => `"${u}"`).join(", ")} as references — write them like "R1, R2" or "R1-R4"`,
        });
      }
      const present: DriftSymbol[] = [];
      for (const ref of refs) {
        const earlier = listed.get(ref);
        if (earlier !== undefined) {
          finding({
            kind: "duplicate-row",
            row: row.line,
            column: headerOf(t, "ref"),
            refs: [ref],
            claim: ref,
            actual: "",
            detail: `${doc.path} lists ${ref} on line ${earlier} and again on line ${row.line} — keep one row for it`,
          });
          continue;
        }
        listed.set(ref, row.line);
        const symbol = symbols.get(ref);
        if (symbol) present.push(symbol);
        else
          finding({
            kind: "unknown-ref",
            row: row.line,
            column: headerOf(t, "ref"),
            refs: [ref],
            claim: ref,
            actual: "",
            detail: `${doc.path} line ${row.line} lists ${ref} but the schematic has no ${ref} — remove it from the row, or add the part to the schematic`,
          });
      }
      compareRow(doc.path, t, row, refs, present, finding);
    }
  }
  const headerLine = tables[0]?.table.headerLine ?? 1;
  for (const symbol of needed
    .filter((s) => !listed.has(s.ref))
    .sort((a, b) => compareRefs(a.ref, b.ref))) {
    const described = [symbol.value, symbol.footprint].filter(Boolean).join(", ");
    finding({
      kind: "missing-ref",
      row: headerLine,
      column: headerOf(tables[0] as RoleTable, "ref"),
      refs: [symbol.ref],
      claim: "",
      actual: `${symbol.ref}${described ? ` (${described})` : ""}`,
      detail: `the schematic has ${symbol.ref}${described ? ` (${described})` : ""} but ${doc.path} does not list it — add it to the row of identical parts or give it a row of its own`,
    });
  }
  return findings;
}

type Row = RoleTable["rows"][number];
type Emit = (f: Omit<DriftFinding, "document">) => void;

function compareRow(
  path: string,
  t: RoleTable,
  row: Row,
  refs: string[],
  present: DriftSymbol[],
  emit: Emit,
) {
  const where = `${path} line ${row.line}`;
  const value = claimIn(row, "value");
  if (value) {
    const agrees = (s: DriftSymbol) =>
      (s.dnp === true && NOT_FITTED.test(value)) || valuesEquivalent(value, s.value);
    const folded = (v: string) => foldValue(v).text;
    for (const group of mismatches(present, (s) => s.value, agrees, folded)) {
      const verb = group.refs.length > 1 ? "are" : "is";
      emit({
        kind: "value-mismatch",
        row: row.line,
        column: headerOf(t, "value"),
        refs: group.refs,
        claim: value,
        actual: group.actual,
        detail: `${where} says ${list(group.refs)} ${verb} "${value}" (${foldValue(value).text}) but the schematic value is "${group.actual}" (${foldValue(group.actual).text}) — change the cell to "${group.actual}", or the schematic value if the document is right`,
      });
    }
  }
  const footprint = claimIn(row, "footprint");
  if (footprint) {
    const agrees = (s: DriftSymbol) => footprintMatches(footprint, s.footprint ?? "");
    for (const group of mismatches(present, (s) => s.footprint ?? "", agrees)) {
      emit({
        kind: "footprint-mismatch",
        row: row.line,
        column: headerOf(t, "footprint"),
        refs: group.refs,
        claim: footprint,
        actual: group.actual,
        detail: group.actual
          ? `${where} gives ${list(group.refs)} the footprint "${footprint}" but the schematic assigns "${group.actual}" — change the cell to "${group.actual}" (or its package), or reassign the footprint in the schematic`
          : `${where} gives ${list(group.refs)} the footprint "${footprint}" but the schematic assigns none — assign the footprint in the schematic, or clear the cell`,
      });
    }
  }
  const mpn = claimIn(row, "mpn");
  if (mpn) {
    const withMpn = present.filter((s) => mpnOf(s.fields) !== undefined);
    const actual = (s: DriftSymbol) => mpnOf(s.fields) ?? "";
    for (const group of mismatches(withMpn, actual, (s) => mpnMatches(mpn, actual(s)))) {
      emit({
        kind: "mpn-mismatch",
        row: row.line,
        column: headerOf(t, "mpn"),
        refs: group.refs,
        claim: mpn,
        actual: group.actual,
        detail: `${where} gives ${list(group.refs)} the part number "${mpn}" but the schematic's MPN field says "${group.actual}" — make them the same part`,
      });
    }
  }
  const qty = claimIn(row, "qty");
  if (qty && /^\d+$/.test(qty) && refs.length > 0 && Number(qty) !== refs.length) {
    emit({
      kind: "qty-mismatch",
      row: row.line,
      column: headerOf(t, "qty"),
      refs,
      claim: qty,
      actual: String(refs.length),
      detail: `${where} lists ${refs.length} reference(s) (${list(refs)}) but its quantity is ${qty} — make the quantity ${refs.length}, or fix the reference list`,
    });
  }
}

/**
 * Symbols that disagree with the claim, grouped by what the schematic says instead (equivalent
 * spellings — "4k7" and "4.7k" — share a group, shown as the first one's spelling).
 */
function mismatches(
  symbols: DriftSymbol[],
  actual: (s: DriftSymbol) => string,
  agrees: (s: DriftSymbol) => boolean,
  key: (value: string) => string = (value) => value,
): { refs: string[]; actual: string }[] {
  const groups = new Map<string, { refs: string[]; actual: string }>();
  for (const symbol of symbols) {
    if (agrees(symbol)) continue;
    const value = actual(symbol);
    const group = groups.get(key(value));
    if (group) group.refs.push(symbol.ref);
    else groups.set(key(value), { refs: [symbol.ref], actual: value });
  }
  return [...groups.values()];
}

function list(refs: string[]): string {
  return refs.length <= 6
    ? refs.join(", ")
    : `${refs.slice(0, 6).join(", ")} and ${refs.length - 6} more`;
}

function noTableDetail(path: string, tables: RoleTable[]): string {
  const names = recognisedHeaders("ref").slice(0, 6).join(", ");
  if (tables.length === 0)
    return `${path} has no markdown table — add one with the columns Refdes | Value | Footprint | MPN and one row per part (or per group of identical parts, e.g. "R1-R4")`;
  const seen = tables.flatMap((t) => t.headers).map((h) => `"${h}"`);
  return `${path} has ${tables.length} table(s) but none with a reference column (headers seen: ${seen.join(", ")}) — name that column "Refdes" (also recognised: ${names})`;
}
