import { readPath } from "../footprint/graphic.js";
import { pathPolygon } from "../footprint/graphic-geometry.js";
import { type NetRef, readNetRef } from "../footprint/net-ref.js";
import type { Point } from "../footprint/point.js";
import { child, childNumber, childText, headOf, type SList } from "../sexp/node.js";

export interface Zone {
  readonly net: NetRef | undefined;
  readonly name: string | undefined;
  /** `(layer …)` or `(layers …)`, wildcards as written. */
  readonly layers: readonly string[];
  readonly priority: number;
  /** A rule area (keep-out) rather than a copper pour. */
  readonly keepout: boolean;
  /** The zone's outline polygons as drawn (not the fill), arcs flattened. */
  readonly outlines: readonly (readonly Point[])[];
  /** How many filled polygons the file holds per layer; empty when the zone was never filled. */
  readonly filled: readonly { readonly layer: string; readonly polygons: number }[];
  readonly uuid: string | undefined;
}

export function readZone(node: SList, netNames: ReadonlyMap<number, string>): Zone {
  const net = readNetRef(child(node, "net"), netNames);
  const netName = childText(node, "net_name");
  const layersNode = child(node, "layers") ?? child(node, "layer");
  const layers = (layersNode?.items.slice(1) ?? []).flatMap((a) =>
    a.kind === "atom" ? [a.text] : [],
  );
  const outlines: Point[][] = [];
  const filledCount = new Map<string, number>();
  for (const item of node.items) {
    if (item.kind !== "list") continue;
    const head = headOf(item);
    if (head === "polygon") outlines.push(pathPolygon(readPath(child(item, "pts"))));
    else if (head === "filled_polygon") {
      const layer = childText(item, "layer") ?? layers[0] ?? "";
      filledCount.set(layer, (filledCount.get(layer) ?? 0) + 1);
    }
  }
  return {
    net: net && netName !== undefined && net.name === "" ? { ...net, name: netName } : net,
    name: childText(node, "name"),
    layers,
    priority: childNumber(node, "priority") ?? 0,
    keepout: child(node, "keepout") !== undefined,
    outlines,
    filled: [...filledCount].map(([layer, polygons]) => ({ layer, polygons })),
    uuid: childText(node, "uuid") ?? childText(node, "tstamp"),
  };
}
