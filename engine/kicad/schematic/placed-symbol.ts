import { child, children, childText, flag, numberAt, type SList, textAt } from "../sexp/node.js";
import type { Point } from "../symbol/geometry.js";
import type { LibSymbol } from "../symbol/lib-symbol.js";
import { type Property, propertyValue, readProperty } from "../symbol/property.js";

export type Rotation = 0 | 90 | 180 | 270;
export type Mirror = "x" | "y" | undefined;

/** One `(path "/root-uuid/…" (reference "R1") (unit 1))` of a symbol's `(instances …)`. */
export interface SymbolInstanceEntry {
  project: string;
  /** The uuid path of the sheet instance the symbol sits in (no symbol uuid at the end). */
  path: string;
  reference: string | undefined;
  unit: number | undefined;
}

/** A placed pin entry: `(pin "1" (uuid …) (alternate "…"))`. */
export interface PlacedPinEntry {
  number: string;
  uuid: string | undefined;
  alternate: string | undefined;
}

/** A symbol placed on a sheet. Coordinates are sheet mm, Y-down. */
export interface PlacedSymbol {
  libId: string;
  /** `(lib_name …)`: the key into the sheet's lib_symbols when it differs from lib_id. */
  libName: string | undefined;
  /** The embedded library definition, or undefined when lib_symbols lacks it (KiCad then drops the symbol). */
  lib: LibSymbol | undefined;
  at: Point;
  rotation: Rotation;
  mirror: Mirror;
  unit: number;
  bodyStyle: number;
  uuid: string | undefined;
  inBom: boolean;
  onBoard: boolean;
  dnp: boolean;
  excludeFromSim: boolean;
  fieldsAutoplaced: boolean;
  properties: Property[];
  /** The Reference property as written (instances may override it per sheet instance). */
  reference: string;
  value: string;
  footprint: string;
  /** True when the library symbol is a power symbol (`(power)`). */
  power: boolean;
  pinEntries: PlacedPinEntry[];
  instances: SymbolInstanceEntry[];
}

function asRotation(angle: number): Rotation {
  return ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as Rotation;
}

function readInstances(node: SList): SymbolInstanceEntry[] {
  const out: SymbolInstanceEntry[] = [];
  const instances = child(node, "instances");
  if (!instances) return out;
  for (const project of children(instances, "project")) {
    const name = textAt(project, 1) ?? "";
    for (const path of children(project, "path")) {
      out.push({
        project: name,
        path: textAt(path, 1) ?? "",
        reference: childText(path, "reference"),
        unit: numberAt(child(path, "unit"), 1),
      });
    }
  }
  return out;
}

/** Reads a placed `(symbol (lib_id …) (at x y r) …)`; `libSymbols` resolves the definition. */
export function readPlacedSymbol(
  node: SList,
  libSymbols: (key: string) => LibSymbol | undefined,
): PlacedSymbol {
  const libId = childText(node, "lib_id") ?? "";
  const libName = childText(node, "lib_name");
  const lib = libSymbols(libName ?? libId);
  const at = child(node, "at");
  const mirror = childText(node, "mirror");
  const properties = children(node, "property").map(readProperty);
  return {
    libId,
    libName,
    lib,
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 },
    rotation: asRotation(numberAt(at, 3) ?? 0),
    mirror: mirror === "x" || mirror === "y" ? mirror : undefined,
    unit: numberAt(child(node, "unit"), 1) ?? 1,
    bodyStyle: numberAt(child(node, "body_style") ?? child(node, "convert"), 1) ?? 1,
    uuid: childText(node, "uuid"),
    inBom: flag(node, "in_bom") ?? true,
    onBoard: flag(node, "on_board") ?? true,
    dnp: flag(node, "dnp") ?? false,
    excludeFromSim: flag(node, "exclude_from_sim") ?? false,
    fieldsAutoplaced: flag(node, "fields_autoplaced") ?? false,
    properties,
    reference: propertyValue(properties, "Reference") ?? "",
    value: propertyValue(properties, "Value") ?? "",
    footprint: propertyValue(properties, "Footprint") ?? "",
    power: lib?.power ?? false,
    pinEntries: children(node, "pin").map((pin) => ({
      number: textAt(pin, 1) ?? "",
      uuid: childText(pin, "uuid"),
      alternate: childText(pin, "alternate"),
    })),
    instances: readInstances(node),
  };
}
