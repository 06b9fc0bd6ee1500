import { child, children, flag, headOf, numberAt, type SList, textAt } from "../sexp/node.js";
import { type Graphic, readGraphic } from "./graphic.js";
import { type LibPin, readLibPin } from "./pin.js";
import { type Property, propertyValue, readProperty } from "./property.js";

/** One `(symbol "Name_U_S" …)` sub-symbol: the drawings and pins of unit U, body style S. */
export interface LibUnit {
  /** 0 = items common to every unit. */
  unit: number;
  /** 0 = common to both body styles, 1 = normal, 2 = De Morgan. */
  bodyStyle: number;
  /** `(unit_name "…")`, when the library names the unit. */
  name: string | undefined;
  graphics: Graphic[];
  pins: LibPin[];
}

/**
 * A library symbol definition, as found in a `.kicad_sym` library or a sheet's `lib_symbols`.
 * Coordinates are library coordinates (Y-up). A symbol with `extends` carries only its own
 * properties until flattened (see flattenSymbol).
 */
export interface LibSymbol {
  /** As written: `Device:R` inside a sheet, `R` inside a library. */
  name: string;
  extends: string | undefined;
  /** `(power)`: a power symbol, whose power-input pin makes a global net named by its value. */
  power: boolean;
  pinNames: { offset: number; hidden: boolean };
  pinNumbersHidden: boolean;
  inBom: boolean;
  onBoard: boolean;
  excludeFromSim: boolean;
  properties: Property[];
  units: LibUnit[];
  /** Highest unit number (at least 1). */
  unitCount: number;
  /** True when any sub-symbol has body style 2. */
  hasDemorgan: boolean;
  /** Every pin of every unit and body style. */
  pins: LibPin[];
}

/** `Name_U_S` → [U, S]; names that do not end in two numbers count as unit 0, style 0. */
function unitAndStyle(subName: string): [number, number] {
  const match = /_(\d+)_(\d+)$/.exec(subName);
  if (!match) return [0, 0];
  return [Number(match[1]), Number(match[2])];
}

function readUnit(node: SList): LibUnit {
  const [unit, bodyStyle] = unitAndStyle(textAt(node, 1) ?? "");
  const graphics: Graphic[] = [];
  const pins: LibPin[] = [];
  for (const item of node.items) {
    if (item.kind !== "list") continue;
    if (headOf(item) === "pin") pins.push(readLibPin(item, unit, bodyStyle));
    else {
      const graphic = readGraphic(item);
      if (graphic) graphics.push(graphic);
    }
  }
  return { unit, bodyStyle, name: textAt(child(node, "unit_name"), 1), graphics, pins };
}

/** Reads `(symbol "Name" …)` from a library file or a sheet's `lib_symbols`. */
export function readLibSymbol(node: SList): LibSymbol {
  const pinNames = child(node, "pin_names");
  const pinNumbers = child(node, "pin_numbers");
  const units = children(node, "symbol").map(readUnit);
  let unitCount = 1;
  let hasDemorgan = false;
  for (const u of units) {
    if (u.unit > unitCount) unitCount = u.unit;
    if (u.bodyStyle > 1) hasDemorgan = true;
  }
  return {
    name: textAt(node, 1) ?? "",
    extends: textAt(child(node, "extends"), 1),
    power: child(node, "power") !== undefined,
    pinNames: {
      offset: numberAt(child(pinNames ?? node, "offset"), 1) ?? 0.508,
      hidden: pinNames ? (flag(pinNames, "hide") ?? false) : false,
    },
    pinNumbersHidden: pinNumbers ? (flag(pinNumbers, "hide") ?? false) : false,
    inBom: flag(node, "in_bom") ?? true,
    onBoard: flag(node, "on_board") ?? true,
    excludeFromSim: flag(node, "exclude_from_sim") ?? false,
    properties: children(node, "property").map(readProperty),
    units,
    unitCount,
    hasDemorgan,
    pins: units.flatMap((u) => u.pins),
  };
}

/** The symbol's Value property (for a power symbol: the default net name). */
export function libSymbolValue(symbol: LibSymbol): string | undefined {
  return propertyValue(symbol.properties, "Value");
}
