import { child, childNumber, childText, numberAt, type SList, textAt } from "../sexp/node.js";
import type { Point } from "../symbol/geometry.js";
import { readPoint, readPoints } from "../symbol/graphic.js";

/** A wire or bus segment (KiCad writes exactly two points per segment). */
export interface Segment {
  kind: "wire" | "bus";
  points: Point[];
  uuid: string | undefined;
}

/** `(bus_entry (at x y) (size dx dy))`: a 45° stub from `at` to `at + size`. */
export interface BusEntry {
  at: Point;
  end: Point;
  uuid: string | undefined;
}

export interface Junction {
  at: Point;
  diameter: number;
  uuid: string | undefined;
}

export interface NoConnect {
  at: Point;
  uuid: string | undefined;
}

/** `(bus_alias "NAME" (members "A" "B[0..3]" …))` */
export interface BusAlias {
  name: string;
  members: string[];
}

export function readSegment(node: SList, kind: "wire" | "bus"): Segment {
  return { kind, points: readPoints(node), uuid: childText(node, "uuid") };
}

export function readBusEntry(node: SList): BusEntry {
  const at = readPoint(child(node, "at"));
  const size = child(node, "size");
  return {
    at,
    end: { x: at.x + (numberAt(size, 1) ?? 0), y: at.y + (numberAt(size, 2) ?? 0) },
    uuid: childText(node, "uuid"),
  };
}

export function readJunction(node: SList): Junction {
  return {
    at: readPoint(child(node, "at")),
    diameter: childNumber(node, "diameter") ?? 0,
    uuid: childText(node, "uuid"),
  };
}

export function readNoConnect(node: SList): NoConnect {
  return { at: readPoint(child(node, "at")), uuid: childText(node, "uuid") };
}

export function readBusAlias(node: SList): BusAlias {
  const members = child(node, "members");
  const names: string[] = [];
  if (members) {
    for (let i = 1; i < members.items.length; i++) {
      const item = members.items[i];
      if (item?.kind === "atom") names.push(item.text);
    }
  }
  return { name: textAt(node, 1) ?? "", members: names };
}
