import { numberAt, type SList, textAt } from "../sexp/node.js";

/** A connection to a board net: KiCad 9's number and the net's name ("" for net 0). */
export interface NetRef {
  readonly number: number;
  readonly name: string;
}

/**
 * `(net 3 "GND")` (pads) or `(net 3)` (tracks, vias, zones; the name comes from `names`).
 * Net 0 is KiCad's "no net" and reads as undefined, as does a missing node.
 */
export function readNetRef(
  node: SList | undefined,
  names?: ReadonlyMap<number, string>,
): NetRef | undefined {
  const number = numberAt(node, 1);
  if (number === undefined || number === 0) return undefined;
  return { number, name: textAt(node, 2) ?? names?.get(number) ?? "" };
}
