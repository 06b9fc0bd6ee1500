import {
  child,
  childNumber,
  childText,
  headOf,
  numberAt,
  type SList,
  textAt,
} from "../sexp/node.js";

/** One row of a board's `(layers …)` table: `(0 "F.Cu" signal "Dessus")`. */
export interface BoardLayer {
  /** KiCad 9 ids: F.Cu 0, B.Cu 2, inner copper 4, 6, …; technical layers odd (F.Mask 1 …). */
  readonly id: number;
  /** The canonical name (`F.Cu`, `Edge.Cuts`) used everywhere else in the file. */
  readonly name: string;
  /** `signal`, `power`, `mixed`, `jumper` for copper; `user` for the rest. */
  readonly type: string;
  /** The name shown in KiCad when the board renames the layer. */
  readonly userName: string | undefined;
}

/** One physical layer of `(setup (stackup …))`. */
export interface StackupLayer {
  readonly name: string;
  readonly type: string | undefined;
  readonly thickness: number | undefined;
  readonly material: string | undefined;
  readonly color: string | undefined;
  readonly epsilonR: number | undefined;
  readonly lossTangent: number | undefined;
}

export interface Stackup {
  readonly layers: readonly StackupLayer[];
  readonly copperFinish: string | undefined;
  readonly dielectricConstraints: boolean | undefined;
}

export function readLayerTable(root: SList): BoardLayer[] {
  const table = child(root, "layers");
  if (!table) return [];
  const out: BoardLayer[] = [];
  for (const row of table.items) {
    if (row.kind !== "list") continue;
    const id = numberAt(row, 0);
    const name = textAt(row, 1);
    if (id === undefined || name === undefined) continue;
    out.push({ id, name, type: textAt(row, 2) ?? "user", userName: textAt(row, 3) });
  }
  return out;
}

export function readStackup(root: SList): Stackup | undefined {
  const stackup = child(child(root, "setup") ?? root, "stackup");
  if (!stackup) return undefined;
  const layers: StackupLayer[] = [];
  for (const item of stackup.items) {
    if (item.kind !== "list" || headOf(item) !== "layer") continue;
    layers.push({
      name: textAt(item, 1) ?? "",
      type: childText(item, "type"),
      thickness: childNumber(item, "thickness"),
      material: childText(item, "material"),
      color: childText(item, "color"),
      epsilonR: childNumber(item, "epsilon_r"),
      lossTangent: childNumber(item, "loss_tangent"),
    });
  }
  const constraints = childText(stackup, "dielectric_constraints");
  return {
    layers,
    copperFinish: childText(stackup, "copper_finish"),
    dielectricConstraints: constraints === undefined ? undefined : constraints === "yes",
  };
}
