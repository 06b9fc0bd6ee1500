import { pushAll } from "../../array-ops.js";
import { atom, formatNumber, list, type SAtom, type SList, type SNode, str } from "./node.js";

/** Decimal places KiCad writes: schematics and symbols in 100 nm units, boards and footprints in 1 nm. */
export const SCH_DECIMALS = 4;
export const PCB_DECIMALS = 6;

/** What `node` accepts after the head: nodes, arrays of nodes (spliced), and absent optionals. */
export type NodeArg = SNode | readonly SNode[] | undefined | null | false;

/**
 * `(head …args)`. Arrays are spliced and `undefined`/`null`/`false` are skipped, so optional
 * fields read naturally: `node("symbol", node("lib_id", str(id)), mirror && node("mirror", atom("x")))`.
 */
export function node(head: string, ...args: NodeArg[]): SList {
  const items: SNode[] = [atom(head)];
  for (const arg of args) {
    if (arg === undefined || arg === null || arg === false) continue;
    if (Array.isArray(arg)) pushAll(items, arg as readonly SNode[]);
    else items.push(arg as SNode);
  }
  return list(items);
}

/** A schematic/symbol length in mm (at most 4 decimals, as eeschema writes it). */
export function schNum(value: number): SAtom {
  return atom(formatNumber(value, SCH_DECIMALS));
}

/** A board/footprint length in mm (at most 6 decimals, as pcbnew writes it). */
export function pcbNum(value: number): SAtom {
  return atom(formatNumber(value, PCB_DECIMALS));
}

/** KiCad's boolean form: `(name yes)` / `(name no)`. */
export function yesNo(name: string, value: boolean): SList {
  return node(name, atom(value ? "yes" : "no"));
}

/** `(uuid "…")`, always quoted as KiCad 9 writes it. */
export function uuidNode(id: string): SList {
  return node("uuid", str(id));
}

/** `(xy x y)` in schematic units. */
export function xy(x: number, y: number): SList {
  return node("xy", schNum(x), schNum(y));
}

/** `(at x y angle)` in schematic units; KiCad writes the angle for every placed item. */
export function at(x: number, y: number, angle: number): SList {
  return node("at", schNum(x), schNum(y), schNum(angle));
}
