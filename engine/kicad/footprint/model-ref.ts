import { child, childNumber, flag, numberAt, type SList, textAt } from "../sexp/node.js";

export interface Vector3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A footprint's `(model "path" (offset …) (scale …) (rotate …))`: a 3D model reference. */
export interface ModelRef {
  /** As written, variables unexpanded (`${KICAD9_3DMODEL_DIR}/…`). */
  readonly path: string;
  readonly hidden: boolean;
  readonly opacity: number | undefined;
  readonly offset: Vector3;
  readonly scale: Vector3;
  readonly rotate: Vector3;
}

function readVector(node: SList, head: string, fallback: number): Vector3 {
  const xyz = child(child(node, head) ?? { kind: "list", items: [], offset: -1 }, "xyz");
  return {
    x: numberAt(xyz, 1) ?? fallback,
    y: numberAt(xyz, 2) ?? fallback,
    z: numberAt(xyz, 3) ?? fallback,
  };
}

export function readModelRef(node: SList): ModelRef {
  return {
    path: textAt(node, 1) ?? "",
    hidden: flag(node, "hide") ?? false,
    opacity: childNumber(node, "opacity"),
    offset: readVector(node, "offset", 0),
    scale: readVector(node, "scale", 1),
    rotate: readVector(node, "rotate", 0),
  };
}
