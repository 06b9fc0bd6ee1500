import { type NetRef, readNetRef } from "../footprint/net-ref.js";
import { PcbFormatError } from "../footprint/pcb-format-error.js";
import { type Point, readPoint } from "../footprint/point.js";
import { child, childNumber, childText, flag, type SList } from "../sexp/node.js";

export interface Via {
  /** `through` unless the file says `(via blind …)` / `(via micro …)`. */
  readonly type: "through" | "blind" | "micro";
  readonly at: Point;
  readonly size: number;
  readonly drill: number;
  /** The two end layers of the barrel, e.g. `F.Cu` `B.Cu`. */
  readonly layers: readonly string[];
  readonly net: NetRef | undefined;
  readonly locked: boolean;
  readonly uuid: string | undefined;
}

export function readVia(node: SList, netNames: ReadonlyMap<number, string>): Via {
  const at = readPoint(node, "at");
  if (!at) throw new PcbFormatError(node, "via has no (at x y)");
  const layers = child(node, "layers");
  return {
    type: flag(node, "micro") ? "micro" : flag(node, "blind") ? "blind" : "through",
    at,
    size: childNumber(node, "size") ?? 0,
    drill: childNumber(node, "drill") ?? 0,
    layers: (layers?.items.slice(1) ?? []).flatMap((a) => (a.kind === "atom" ? [a.text] : [])),
    net: readNetRef(child(node, "net"), netNames),
    locked: flag(node, "locked") ?? false,
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
  };
}
