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
  readonly kind: LabelKind;
  readonly text: string;
  readonly at: Point;
  readonly angle: number;
  readonly shape: string | undefined;
  readonly effects: TextEffects;
  readonly fieldsAutoplaced: boolean;
  readonly properties: Property[];
  readonly uuid: string | undefined;
}

export function labelKindOf(node: SList): LabelKind | undefined {
  const head = headOf(node);
  return head === undefined ? undefined : KIND_BY_HEAD[head];
}

/** A label read from the tree; effects and fields are parsed on first use. */
class TreeLabel implements Label {
  readonly kind: LabelKind;
  readonly text: string;
  readonly at: Point;
  readonly angle: number;
  readonly shape: string | undefined;
  readonly fieldsAutoplaced: boolean;
  readonly uuid: string | undefined;
  private readonly node: SList;
  private cachedEffects: TextEffects | undefined;
  private cachedProperties: Property[] | undefined;

  constructor(node: SList, kind: LabelKind) {
    const at = child(node, "at");
    this.node = node;
    this.kind = kind;
    this.text = textAt(node, 1) ?? "";
    this.at = { x: numberAt(at, 1) ?? 0, y: numberAt(at, 2) ?? 0 };
    this.angle = numberAt(at, 3) ?? 0;
    this.shape = childText(node, "shape");
    this.fieldsAutoplaced = flag(node, "fields_autoplaced") ?? false;
    this.uuid = childText(node, "uuid");
  }

  get effects(): TextEffects {
    this.cachedEffects ??= readEffects(this.node);
    return this.cachedEffects;
  }

  get properties(): Property[] {
    this.cachedProperties ??= children(this.node, "property").map(readProperty);
    return this.cachedProperties;
  }
}

export function readLabel(node: SList, kind: LabelKind): Label {
  return new TreeLabel(node, kind);
}
