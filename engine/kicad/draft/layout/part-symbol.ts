import type { Rotation } from "../../schematic/placed-symbol.js";
import type { Point } from "../../symbol/geometry.js";
import { propertyValue } from "../../symbol/property.js";
import type { DrawnField, DrawnSymbol } from "../drawing.js";
import { hiddenField } from "../power-symbols.js";
import type { ResolvedPart } from "../resolved-intent.js";

/** Where the visible Reference and Value go (sheet points) and how they are justified. */
export interface VisibleFields {
  refAt: Point;
  valueAt: Point;
  justify?: "left" | "right";
}

/**
 * A part unit as placed: its fields, and their angle relative to the symbol so the text stays
 * horizontal on a turned symbol (KiCad stores field angles in the symbol's frame).
 */
export function partSymbol(
  resolved: ResolvedPart,
  unit: number,
  rotation: Rotation,
  at: Point,
  visible: VisibleFields,
  pinNumbers: string[],
): DrawnSymbol {
  const { part, symbol } = resolved;
  const angle = rotation === 90 || rotation === 270 ? 90 : 0;
  const shown = (name: string, value: string, where: Point): DrawnField => ({
    name,
    value,
    at: where,
    hidden: false,
    justify: visible.justify,
    ...(angle ? { angle } : {}),
  });
  return {
    key: `part/${part.ref}/${unit}`,
    libId: symbol.libId,
    ref: part.ref,
    unit,
    at,
    rotation,
    inBom: symbol.symbol.inBom,
    onBoard: symbol.symbol.onBoard,
    fields: [
      shown("Reference", part.ref, visible.refAt),
      shown("Value", part.value, visible.valueAt),
      hiddenField("Footprint", part.footprint ?? "", at),
      hiddenField("Datasheet", propertyValue(symbol.symbol.properties, "Datasheet") || "~", at),
      hiddenField("Description", propertyValue(symbol.symbol.properties, "Description") ?? "", at),
    ],
    pinNumbers,
  };
}
