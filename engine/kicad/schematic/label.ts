import {
  child,
  children,
  childText,
  flag,
  headOf,
  numberAt,
  type SList,
  textAt,
} from "../sexp/node.js";
import { readEffects, type TextEffects } from "../symbol/effects.js";
import type { Point } from "../symbol/geometry.js";
import { type Property, readProperty } from "../symbol/property.js";

export type LabelKind = "local" | "global" | "hierarchical" | "directive";

const KIND_BY_HEAD: Record<string, LabelKind> = {
  label: "local",
  global_label: "global",
  hierarchical_label: "hierarchical",
  netclass_flag: "directive",
  directive_label: "directive",
};

/**
 * A net label. `at` is its connection point; `angle` the direction the text runs (0 = to the
 * right). `shape` is the input/output/… flag of global and hierarchical labels. Directive
 * labels (netclass flags) never name a net.
 */
export interface Label {
  kind: LabelKind;
  text: string;
  at: Point;
  angle: number;
  shape: string | undefined;
  readonly effects: TextEffects;
  fieldsAutoplaced: boolean;
  readonly properties: Property[];
  uuid: string | undefined;
}

export function labelKindOf(node: SList): LabelKind | undefined {
  const head = headOf(node);
  return head === undefined ? undefined : KIND_BY_HEAD[head];
}

export function readLabel(node: SList, kind: LabelKind): Label {
  const at = child(node, "at");
  let effects: TextEffects | undefined;
  let properties: Property[] | undefined;
  return {
    kind,
    text: textAt(node, 1) ?? "",
    at: { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 },
    angle: numberAt(at, 3) ?? 0,
    shape: childText(node, "shape"),
    get effects() {
      effects ??= readEffects(node);
      return effects;
    },
    fieldsAutoplaced: flag(node, "fields_autoplaced") ?? false,
    get properties() {
      properties ??= children(node, "property").map(readProperty);
      return properties;
    },
    uuid: childText(node, "uuid"),
  };
}
