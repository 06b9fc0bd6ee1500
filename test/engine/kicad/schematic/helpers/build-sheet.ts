import { readFileSync } from "node:fs";
import { children, type SList, textAt } from "../../../../../engine/kicad/sexp/node.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";

/** Where KiCad's Debian packages put the symbol libraries. */
export const SYMBOL_DIR = process.env.COPPERHEAD_KICAD_SYMBOLS ?? "/usr/share/kicad/symbols";

const ROOT_UUID = "d2b3c1a0-0000-4000-8000-000000000001";
let counter = 0;
/** Deterministic, valid uuids so a test's files are the same on every run. */
function uuid(): string {
  counter++;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, "0")}`;
}

/** The end offset (exclusive) of the list opening at `start`, skipping quoted strings. */
function listEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error(`unbalanced list at ${start}`);
}

const libraries = new Map<string, { text: string; tree: SList }>();

/** A library symbol's text as KiCad embeds it in a sheet: top-level name `Lib:Name`. */
export function embeddedSymbol(libId: string): string {
  const [lib, name] = libId.split(":") as [string, string];
  let library = libraries.get(lib);
  if (!library) {
    const text = readFileSync(`${SYMBOL_DIR}/${lib}.kicad_sym`, "utf8");
    library = { text, tree: parseSexp(text) };
    libraries.set(lib, library);
  }
  const node = children(library.tree, "symbol").find((s) => textAt(s, 1) === name);
  if (!node) throw new Error(`${libId} is not in ${lib}.kicad_sym`);
  const raw = library.text.slice(node.offset, listEnd(library.text, node.offset));
  if (/\(extends /.test(raw)) throw new Error(`${libId} extends another symbol; pick a plain one`);
  return raw.replace(`(symbol "${name}"`, `(symbol "${libId}"`);
}

export interface SymbolSpec {
  lib: string;
  ref: string;
  at: [number, number];
  rotation?: 0 | 90 | 180 | 270;
  mirror?: "x" | "y";
  unit?: number;
  value?: string;
}

export interface SheetSpec {
  symbols?: SymbolSpec[];
  wires?: [number, number, number, number][];
  buses?: [number, number, number, number][];
  junctions?: [number, number][];
  noConnects?: [number, number][];
  busEntries?: { at: [number, number]; size: [number, number] }[];
  labels?: {
    kind?: "label" | "global_label" | "hierarchical_label";
    text: string;
    at: [number, number];
  }[];
  sheets?: {
    name: string;
    file: string;
    uuid?: string;
    at: [number, number];
    size: [number, number];
    pins: { name: string; at: [number, number] }[];
  }[];
  /** The uuid path symbols are annotated for (default: this file as a root). */
  instancePath?: string;
  uuid?: string;
}

/** A small but complete KiCad 9 schematic, written the way KiCad would accept it. */
export function sheetText(spec: SheetSpec): string {
  const path = spec.instancePath ?? `/${ROOT_UUID}`;
  const libs = [...new Set((spec.symbols ?? []).map((s) => s.lib))].map(embeddedSymbol);
  const items: string[] = [];
  for (const s of spec.symbols ?? []) {
    const [x, y] = s.at;
    const unit = s.unit ?? 1;
    items.push(
      `(symbol (lib_id "${s.lib}") (at ${x} ${y} ${s.rotation ?? 0})${s.mirror ? ` (mirror ${s.mirror})` : ""} (unit ${unit})` +
        ` (in_bom yes) (on_board yes) (dnp no) (uuid "${uuid()}")` +
        ` (property "Reference" "${s.ref}" (at ${x} ${y} 0) (effects (font (size 1.27 1.27))))` +
        ` (property "Value" "${s.value ?? s.lib.split(":")[1]}" (at ${x} ${y} 0) (effects (font (size 1.27 1.27))))` +
        ` (instances (project "t" (path "${path}" (reference "${s.ref}") (unit ${unit})))))`,
    );
  }
  const stroke = "(stroke (width 0) (type default))";
  for (const [x1, y1, x2, y2] of spec.wires ?? []) {
    items.push(`(wire (pts (xy ${x1} ${y1}) (xy ${x2} ${y2})) ${stroke} (uuid "${uuid()}"))`);
  }
  for (const [x1, y1, x2, y2] of spec.buses ?? []) {
    items.push(`(bus (pts (xy ${x1} ${y1}) (xy ${x2} ${y2})) ${stroke} (uuid "${uuid()}"))`);
  }
  for (const [x, y] of spec.junctions ?? []) {
    items.push(`(junction (at ${x} ${y}) (diameter 0) (color 0 0 0 0) (uuid "${uuid()}"))`);
  }
  for (const [x, y] of spec.noConnects ?? [])
    items.push(`(no_connect (at ${x} ${y}) (uuid "${uuid()}"))`);
  for (const e of spec.busEntries ?? []) {
    items.push(
      `(bus_entry (at ${e.at[0]} ${e.at[1]}) (size ${e.size[0]} ${e.size[1]}) ${stroke} (uuid "${uuid()}"))`,
    );
  }
  for (const l of spec.labels ?? []) {
    const kind = l.kind ?? "label";
    const shape = kind === "label" ? "" : " (shape bidirectional)";
    items.push(
      `(${kind} "${l.text}"${shape} (at ${l.at[0]} ${l.at[1]} 0) (effects (font (size 1.27 1.27))) (uuid "${uuid()}"))`,
    );
  }
  for (const s of spec.sheets ?? []) {
    const pins = s.pins
      .map(
        (p) =>
          `(pin "${p.name}" bidirectional (at ${p.at[0]} ${p.at[1]} 180) (effects (font (size 1.27 1.27))) (uuid "${uuid()}"))`,
      )
      .join(" ");
    items.push(
      `(sheet (at ${s.at[0]} ${s.at[1]}) (size ${s.size[0]} ${s.size[1]}) (uuid "${s.uuid ?? uuid()}")` +
        ` (property "Sheetname" "${s.name}" (at ${s.at[0]} ${s.at[1]} 0) (effects (font (size 1.27 1.27))))` +
        ` (property "Sheetfile" "${s.file}" (at ${s.at[0]} ${s.at[1]} 0) (effects (font (size 1.27 1.27)))) ${pins})`,
    );
  }
  return `(kicad_sch (version 20250114) (generator "copperhead-test") (generator_version "0.1") (uuid "${spec.uuid ?? ROOT_UUID}") (paper "A4")
(lib_symbols ${libs.join("\n")})
${items.join("\n")}
(sheet_instances (path "/" (page "1"))))
`;
}

export { ROOT_UUID };
