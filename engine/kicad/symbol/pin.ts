import { child, children, flag, numberAt, type SList, textAt } from "../sexp/node.js";
import type { Point } from "./geometry.js";

export const PIN_TYPES = [
  "input",
  "output",
  "bidirectional",
  "tri_state",
  "passive",
  "free",
  "unspecified",
  "power_in",
  "power_out",
  "open_collector",
  "open_emitter",
  "no_connect",
] as const;
export type PinElectricalType = (typeof PIN_TYPES)[number];

/** Pin directions as written in the library: the angle from the connection point to the body. */
export type PinOrientation = 0 | 90 | 180 | 270;

export interface PinAlternate {
  name: string;
  type: string;
  shape: string;
}

/**
 * A pin of a library symbol, in library coordinates (Y-up). `at` is the connection point (the
 * outer end); the pin line runs `length` mm from there towards `orientation`.
 */
export interface LibPin {
  number: string;
  name: string;
  type: PinElectricalType;
  shape: string;
  at: Point;
  orientation: PinOrientation;
  length: number;
  hidden: boolean;
  /** 0 = common to every unit. */
  unit: number;
  /** 0 = common to both body styles; 1 = normal; 2 = De Morgan. */
  bodyStyle: number;
  alternates: PinAlternate[];
}

/** A pin type word from a file; anything unknown reads as "unspecified". */
export function asPinType(text: string | undefined): PinElectricalType {
  return (PIN_TYPES as readonly string[]).includes(text ?? "")
    ? (text as PinElectricalType)
    : "unspecified";
}

function asOrientation(angle: number): PinOrientation {
  const a = (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
  return a as PinOrientation;
}

/** `(pin <type> <shape> (at x y angle) (length l) [hide] (name …) (number …) (alternate …)*)` */
export function readLibPin(node: SList, unit: number, bodyStyle: number): LibPin {
  const at = child(node, "at");
  return {
    number: textAt(child(node, "number"), 1) ?? "",
    name: textAt(child(node, "name"), 1) ?? "",
    type: asPinType(textAt(node, 1)),
    shape: textAt(node, 2) ?? "line",
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 },
    orientation: asOrientation(numberAt(at, 3) ?? 0),
    length: numberAt(child(node, "length"), 1) ?? 0,
    hidden: flag(node, "hide") ?? false,
    unit,
    bodyStyle,
    alternates: children(node, "alternate").map((alt) => ({
      name: textAt(alt, 1) ?? "",
      type: textAt(alt, 2) ?? "",
      shape: textAt(alt, 3) ?? "",
    })),
  };
}
