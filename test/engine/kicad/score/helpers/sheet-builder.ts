import {
  buildSchematicHierarchy,
  type SchematicHierarchy,
} from "../../../../../engine/kicad/schematic/hierarchy.js";
import { readSchematic } from "../../../../../engine/kicad/schematic/read-schematic.js";
import { parseSexp } from "../../../../../engine/kicad/sexp/parse.js";

/**
 * Small KiCad 9 sheets written by hand for the scorer's tests. The library symbols are cut down
 * to what connectivity and geometry need (pins and a body), and KiCad loads them as they are.
 *
 * Pin positions on the sheet, for a part placed at (x, y) with rotation 0:
 * - Device:R   vertical, pin 1 at (x, y − 3.81), pin 2 at (x, y + 3.81)
 * - Device:LED horizontal, pin 1 (K) at (x − 3.81, y), pin 2 (A) at (x + 3.81, y)
 * - Amp        three pins: 1 at (x − 7.62, y − 2.54), 2 at (x − 7.62, y + 2.54), 3 at (x + 7.62, y)
 * - power:GND / power:+5V / power:PWR_FLAG: their one pin at (x, y)
 */
export type LibName =
  | "Device:R"
  | "Device:LED"
  | "Amp"
  | "power:GND"
  | "power:+5V"
  | "power:PWR_FLAG";

export interface PartSpec {
  lib: LibName;
  ref: string;
  at: [number, number];
  rotation?: 0 | 90 | 180 | 270;
  value?: string;
}

export interface LabelSpec {
  name: string;
  at: [number, number];
  angle?: number;
  kind?: "label" | "global_label" | "hierarchical_label";
}

export interface SheetSpec {
  paper?: string;
  parts?: PartSpec[];
  /** Each wire as [x1, y1, x2, y2]. */
  wires?: Array<[number, number, number, number]>;
  labels?: LabelSpec[];
  junctions?: Array<[number, number]>;
  /** Hierarchical sheet symbols: a box at `at` of `size`, with pins on its left edge. */
  sheets?: Array<{
    name: string;
    file: string;
    at: [number, number];
    size: [number, number];
    pins?: Array<{ name: string; at: [number, number] }>;
  }>;
  generator?: string;
}

const pin = (number: string, x: number, y: number, angle: number, length: number) =>
  `(pin passive line (at ${x} ${y} ${angle}) (length ${length}) (name "~" (effects (font (size 1.27 1.27)))) (number "${number}" (effects (font (size 1.27 1.27)))))`;

const props = (reference: string, value: string) =>
  `(property "Reference" "${reference}" (at 0 0 0) (effects (font (size 1.27 1.27)))) (property "Value" "${value}" (at 0 0 0) (effects (font (size 1.27 1.27))))`;

const LIB: Record<LibName, string> = {
  "Device:R": `(symbol "Device:R" (pin_numbers (hide yes)) (pin_names (offset 0)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("R", "R")}
      (symbol "R_0_1" (rectangle (start -1.016 -2.54) (end 1.016 2.54) (stroke (width 0.254) (type default)) (fill (type none))))
      (symbol "R_1_1" ${pin("1", 0, 3.81, 270, 1.27)} ${pin("2", 0, -3.81, 90, 1.27)}))`,
  "Device:LED": `(symbol "Device:LED" (pin_numbers (hide yes)) (pin_names (offset 1.016) (hide yes)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("D", "LED")}
      (symbol "LED_0_1" (polyline (pts (xy -1.27 -1.27) (xy -1.27 1.27) (xy 1.27 0) (xy -1.27 -1.27)) (stroke (width 0.254) (type default)) (fill (type none))))
      (symbol "LED_1_1" ${pin("1", -3.81, 0, 0, 2.54)} ${pin("2", 3.81, 0, 180, 2.54)}))`,
  Amp: `(symbol "Amp" (pin_names (offset 0.254)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("U", "Amp")}
      (symbol "Amp_0_1" (rectangle (start -5.08 -5.08) (end 5.08 5.08) (stroke (width 0.254) (type default)) (fill (type none))))
      (symbol "Amp_1_1" ${pin("1", -7.62, 2.54, 0, 2.54)} ${pin("2", -7.62, -2.54, 0, 2.54)} ${pin("3", 7.62, 0, 180, 2.54)}))`,
  "power:GND": `(symbol "power:GND" (power) (pin_numbers (hide yes)) (pin_names (offset 0) (hide yes)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("#PWR", "GND")}
      (symbol "GND_0_1" (polyline (pts (xy 0 0) (xy 0 -1.27) (xy 1.27 -1.27) (xy 0 -2.54) (xy -1.27 -1.27) (xy 0 -1.27)) (stroke (width 0) (type default)) (fill (type none))))
      (symbol "GND_1_1" (pin power_in line (at 0 0 270) (length 0) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))))`,
  "power:+5V": `(symbol "power:+5V" (power) (pin_numbers (hide yes)) (pin_names (offset 0) (hide yes)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("#PWR", "+5V")}
      (symbol "+5V_0_1" (polyline (pts (xy 0 0) (xy 0 2.54)) (stroke (width 0) (type default)) (fill (type none))))
      (symbol "+5V_1_1" (pin power_in line (at 0 0 90) (length 0) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))))`,
  "power:PWR_FLAG": `(symbol "power:PWR_FLAG" (power) (pin_numbers (hide yes)) (pin_names (offset 0) (hide yes)) (exclude_from_sim no) (in_bom yes) (on_board yes) ${props("#FLG", "PWR_FLAG")}
      (symbol "PWR_FLAG_0_0" (pin power_out line (at 0 0 90) (length 0) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27))))))
      (symbol "PWR_FLAG_0_1" (polyline (pts (xy 0 0) (xy 0 1.27) (xy -1.016 1.905) (xy 0 2.54) (xy 1.016 1.905) (xy 0 1.27)) (stroke (width 0) (type default)) (fill (type none)))))`,
};

const ROOT_UUID = "5c0e0000-0000-4000-8000-000000000000";

/** Deterministic uuids, so the same spec always gives the same bytes. */
function uuidFactory(): () => string {
  let n = 0;
  return () => `5c0e0000-0000-4000-8000-${(++n).toString(16).padStart(12, "0")}`;
}

/** The text of a `.kicad_sch` file for `spec`, as KiCad 9 would load it. */
export function sheetText(spec: SheetSpec, project = "score"): string {
  const uuid = uuidFactory();
  const parts = spec.parts ?? [];
  const used = [...new Set(parts.map((p) => p.lib))];
  const lines: string[] = [
    "(kicad_sch",
    "\t(version 20250114)",
    `\t(generator "${spec.generator ?? "eeschema"}")`,
    '\t(generator_version "9.0")',
    `\t(uuid "${ROOT_UUID}")`,
    `\t(paper "${spec.paper ?? "A4"}")`,
    '\t(title_block (title "Score fixture") (date "2025-01-01") (rev "1"))',
    `\t(lib_symbols ${used.map((name) => LIB[name]).join("\n")})`,
  ];
  for (const part of parts) {
    const [x, y] = part.at;
    const value = part.value ?? (part.lib.startsWith("power:") ? part.lib.slice(6) : part.ref);
    const pinNumbers =
      part.lib === "Amp" ? ["1", "2", "3"] : part.lib.startsWith("power:") ? ["1"] : ["1", "2"];
    lines.push(
      `\t(symbol (lib_id "${part.lib}") (at ${x} ${y} ${part.rotation ?? 0}) (unit 1) (exclude_from_sim no) (in_bom yes) (on_board yes) (dnp no) (uuid "${uuid()}")`,
      `\t\t(property "Reference" "${part.ref}" (at ${x + 2.54} ${y} 0) (effects (font (size 1.27 1.27)) (hide yes)))`,
      `\t\t(property "Value" "${value}" (at ${x + 2.54} ${y + 2.54} 0) (effects (font (size 1.27 1.27)) (hide yes)))`,
      ...pinNumbers.map((n) => `\t\t(pin "${n}" (uuid "${uuid()}"))`),
      `\t\t(instances (project "${project}" (path "/${ROOT_UUID}" (reference "${part.ref}") (unit 1))))`,
      "\t)",
    );
  }
  for (const [x1, y1, x2, y2] of spec.wires ?? []) {
    lines.push(
      `\t(wire (pts (xy ${x1} ${y1}) (xy ${x2} ${y2})) (stroke (width 0) (type default)) (uuid "${uuid()}"))`,
    );
  }
  for (const [x, y] of spec.junctions ?? []) {
    lines.push(`\t(junction (at ${x} ${y}) (diameter 0) (color 0 0 0 0) (uuid "${uuid()}"))`);
  }
  for (const label of spec.labels ?? []) {
    const kind = label.kind ?? "label";
    const shape = kind === "label" ? "" : " (shape input)";
    const [x, y] = label.at;
    lines.push(
      `\t(${kind} "${label.name}"${shape} (at ${x} ${y} ${label.angle ?? 0}) (effects (font (size 1.27 1.27)) (justify left bottom)) (uuid "${uuid()}"))`,
    );
  }
  for (const sheet of spec.sheets ?? []) {
    const [x, y] = sheet.at;
    const [w, h] = sheet.size;
    lines.push(
      `\t(sheet (at ${x} ${y}) (size ${w} ${h}) (exclude_from_sim no) (in_bom yes) (on_board yes) (dnp no) (fields_autoplaced yes) (stroke (width 0.1524) (type solid)) (fill (color 0 0 0 0)) (uuid "${uuid()}")`,
      `\t\t(property "Sheetname" "${sheet.name}" (at ${x} ${y - 0.7} 0) (effects (font (size 1.27 1.27)) (justify left bottom)))`,
      `\t\t(property "Sheetfile" "${sheet.file}" (at ${x} ${y + h + 0.6} 0) (effects (font (size 1.27 1.27)) (justify left top)))`,
      ...(sheet.pins ?? []).map(
        (p) =>
          `\t\t(pin "${p.name}" input (at ${p.at[0]} ${p.at[1]} 180) (uuid "${uuid()}") (effects (font (size 1.27 1.27)) (justify left)))`,
      ),
      `\t\t(instances (project "${project}" (path "/${ROOT_UUID}" (page "2"))))`,
      "\t)",
    );
  }
  lines.push('\t(sheet_instances (path "/" (page "1")))', "\t(embedded_fonts no)", ")", "");
  return lines.join("\n");
}

/**
 * The hierarchy of `root` (with `subSheets` by file name for its sheet symbols), built in
 * memory: no disk, same loader as real files.
 */
export function hierarchyOf(
  root: SheetSpec,
  subSheets: Record<string, SheetSpec> = {},
): Promise<SchematicHierarchy> {
  const texts = new Map<string, string>([["/fixture/root.kicad_sch", sheetText(root)]]);
  for (const [file, spec] of Object.entries(subSheets)) {
    texts.set(`/fixture/${file}`, sheetText(spec));
  }
  return buildSchematicHierarchy("/fixture/root.kicad_sch", async (path) => {
    const text = texts.get(path);
    return text === undefined
      ? undefined
      : readSchematic(parseSexp(text, { file: path }), { file: path });
  });
}
