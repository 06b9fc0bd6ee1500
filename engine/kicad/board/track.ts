import { type NetRef, readNetRef } from "../footprint/net-ref.js";
import { PcbFormatError } from "../footprint/pcb-format-error.js";
import { type Point, readPoint } from "../footprint/point.js";
import { child, childNumber, childText, flag, headOf, type SList } from "../sexp/node.js";

interface TrackBase {
  readonly width: number;
  readonly layer: string;
  readonly net: NetRef | undefined;
  readonly locked: boolean;
  readonly uuid: string | undefined;
}

/** A routed copper track: a straight `(segment …)` or an `(arc …)` through `mid`. */
export type Track =
  | (TrackBase & { readonly kind: "segment"; readonly start: Point; readonly end: Point })
  | (TrackBase & {
      readonly kind: "arc";
      readonly start: Point;
      readonly mid: Point;
      readonly end: Point;
    });

function point(node: SList, head: string): Point {
  const p = readPoint(node, head);
  if (!p) throw new PcbFormatError(node, `track has no usable (${head} x y)`);
  return p;
}

/** `(segment …)` / `(arc …)` at the top of a board; nets named through `netNames`. */
export function readTrack(node: SList, netNames: ReadonlyMap<number, string>): Track {
  const base: TrackBase = {
    width: childNumber(node, "width") ?? 0,
    layer: childText(node, "layer") ?? "",
    net: readNetRef(child(node, "net"), netNames),
    locked: flag(node, "locked") ?? false,
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
  };
  const start = point(node, "start");
  const end = point(node, "end");
  if (headOf(node) === "arc") return { ...base, kind: "arc", start, mid: point(node, "mid"), end };
  return { ...base, kind: "segment", start, end };
}
