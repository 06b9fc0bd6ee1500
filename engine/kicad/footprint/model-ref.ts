import type { VariableContext } from "../paths/path-variables.js";
import {
  type PathReference,
  type Resolution,
  resolveReference,
} from "../paths/resolve-reference.js";
import type { TrustScope } from "../paths/trust-scope.js";
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

// Embedded files (KiCad 9) live inside the board: not a path on disk.
const EMBEDDED = /^kicad-embed:\/\//i;

/** True for `kicad-embed://…`: the model is stored in the board, not on disk. */
export function isEmbeddedModel(path: string): boolean {
  return EMBEDDED.test(path);
}

/**
 * How KiCad finds a model file (FILENAME_RESOLVER): variables expanded, then the path as
 * given, relative to the project, to the working folder or to KiCad's 3-D model folder. Resolve
 * it with resolveReference inside the scope before opening anything (the pre-flight does, for
 * every model of a board, before kicad-cli exports or renders it).
 */
export function modelPathReference(
  written: string,
  board: string,
  variables: VariableContext,
  field = "3-D model",
): PathReference {
  return {
    written,
    holder: board,
    field,
    rules: "kicad-uri",
    variables,
    libraries: true,
    expect: "file",
  };
}

/** Where a footprint's model really is, or the finding that refuses it; undefined when embedded. */
export function resolveModel(
  scope: TrustScope,
  model: ModelRef,
  board: string,
  variables: VariableContext,
): Promise<Resolution> | undefined {
  if (isEmbeddedModel(model.path)) return undefined;
  return resolveReference(scope, modelPathReference(model.path, board, variables));
}
