import { child, children, childText, flag, numberAt, type SList, textAt } from "../sexp/node.js";
import { readEffects, type TextEffects } from "../symbol/effects.js";
import type { Point } from "../symbol/geometry.js";
import { type Property, readProperty } from "../symbol/property.js";

/** A hierarchical pin on a sheet symbol's edge; it joins the child's hierarchical label of the same name. */
export interface SheetPin {
  name: string;
  /** input, output, bidirectional, tri_state, passive. */
  shape: string;
  at: Point;
  /** 0 = on the right edge, 180 = left, 90 = top, 270 = bottom (the direction the text runs away from the box). */
  angle: number;
  effects: TextEffects;
  uuid: string | undefined;
}

/** `(instances (project … (path "/root-uuid/…" (page "2"))))` of a sheet symbol. */
export interface SheetInstanceEntry {
  project: string;
  /** uuid path of the sheet instance that CONTAINS this sheet symbol. */
  path: string;
  page: string | undefined;
}

/** A hierarchical sheet symbol: a box on its parent sheet standing for a child sheet file. */
export interface Sheet {
  name: string;
  /** The child file, relative to the parent file's folder, as written. */
  file: string;
  /**
   * Every value a Sheetfile field holds, in file order (KiCad matches the field name without
   * case, and a file may repeat it): all of them are checked before any is followed.
   */
  fileFields: string[];
  at: Point;
  size: { width: number; height: number };
  uuid: string | undefined;
  inBom: boolean;
  onBoard: boolean;
  dnp: boolean;
  fieldsAutoplaced: boolean;
  properties: Property[];
  pins: SheetPin[];
  instances: SheetInstanceEntry[];
}

// KiCad 6/7 files name the fields "Sheet name" / "Sheet file".
const SHEET_NAME_FIELDS = new Set(["sheetname", "sheet name"]);
const SHEET_FILE_FIELDS = new Set(["sheetfile", "sheet file"]);

function fieldValues(properties: readonly Property[], names: ReadonlySet<string>): string[] {
  return properties.filter((p) => names.has(p.name.toLowerCase())).map((p) => p.value);
}

function readSheetPin(node: SList): SheetPin {
  const at = child(node, "at");
  return {
    name: textAt(node, 1) ?? "",
    shape: textAt(node, 2) ?? "",
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 },
    angle: numberAt(at, 3) ?? 0,
    effects: readEffects(node),
    uuid: childText(node, "uuid"),
  };
}

export function readSheet(node: SList): Sheet {
  const at = child(node, "at");
  const size = child(node, "size");
  const properties = children(node, "property").map(readProperty);
  const instances: SheetInstanceEntry[] = [];
  for (const project of children(child(node, "instances") ?? node, "project")) {
    for (const path of children(project, "path")) {
      instances.push({
        project: textAt(project, 1) ?? "",
        path: textAt(path, 1) ?? "",
        page: childText(path, "page"),
      });
    }
  }
  const names = fieldValues(properties, SHEET_NAME_FIELDS);
  const files = fieldValues(properties, SHEET_FILE_FIELDS);
  return {
    // KiCad's parser matches these names without case and overwrites the field on a repeat.
    name: names.at(-1) ?? "",
    file: files.at(-1) ?? "",
    fileFields: files,
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 },
    size: { width: numberAt(size, 1) ?? 0, height: numberAt(size, 2) ?? 0 },
    uuid: childText(node, "uuid"),
    inBom: flag(node, "in_bom") ?? true,
    onBoard: flag(node, "on_board") ?? true,
    dnp: flag(node, "dnp") ?? false,
    fieldsAutoplaced: flag(node, "fields_autoplaced") ?? false,
    properties,
    pins: children(node, "pin").map(readSheetPin),
    instances,
  };
}
